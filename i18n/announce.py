"""Messages announced in a table's thread (宣布): the match and its hands, declarations, turns, reminders, time,
sanctions and undo."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # -- announcements -------------------------------------------------------------------------------------
    "announce.table_started": {"en": "The match begins. Good luck!", "zh-CN": "比赛开始，祝好运！"},
    "announce.table_ended": {"en": "The table was closed.", "zh-CN": "牌桌已关闭。"},
    "announce.hand_started": {"en": "Hand {hand} at level {level} (dealer: {dealer}).",
                              "zh-CN": "第 {hand} 局，打 {level}（庄家：{dealer}）。"},
    "announce.declare": {"en": "{name} declares {cards}: trump {trump}.", "zh-CN": "{name} 亮主 {cards}：主为 {trump}。"},
    "announce.overcall": {"en": "{name} overcalls with {cards}: trump {trump}.",
                          "zh-CN": "{name} 反主 {cards}：主为 {trump}。"},
    "announce.reinforce": {"en": "{name} reinforces with {cards}.", "zh-CN": "{name} 加固 {cards}。"},
    "announce.declaring_closed": {"en": "Trump is {trump}; {dealer} takes the kitty.",
                                  "zh-CN": "主为 {trump}，{dealer} 拿底牌。"},
    "announce.redeal": {"en": "Nobody declared: the cards are dealt again.", "zh-CN": "无人亮主，重新发牌。"},
    "announce.throw_failed": {
        "en": "{name}'s throw {attempted} fails ({beaten} can be beaten): {forced} is played; defenders {penalty:+d}.",
        "zh-CN": "{name} 甩牌 {attempted} 失败（{beaten} 可被管住），改出 {forced}；闲家 {penalty:+d} 分。"},
    "announce.hand_settled": {"en": "Hand {hand} over: defenders {points} points. Levels {levels}; {dealer} deals.",
                              "zh-CN": "第 {hand} 局结束：闲家 {points} 分。级数 {levels}，{dealer} 坐庄。"},
    "announce.time_up": {"en": "Time is up: the match ends after this hand.", "zh-CN": "时间到：本局结束后比赛结束。"},
    "announce.match_over": {"en": "Match over: {a} & {b} win!", "zh-CN": "比赛结束：{a} 和 {b} 获胜！"},
    "announce.match_drawn": {"en": "Match over: a draw.", "zh-CN": "比赛结束：平局。"},
    "announce.match_won": {"en": "Match over: {names} won!", "zh-CN": "比赛结束：{names} 获胜！"},  # one or more
    "announce.level_gains": {"en": "Level gains: {gains}{why}", "zh-CN": "升级：{gains}{why}"},
    "announce.level_gains_none": {"en": "No level gains{why}", "zh-CN": "无人升级{why}"},
    "announce.why": {"en": " ({reasons})", "zh-CN": "（{reasons}）"},
    "announce.why.sep": {"en": "; ", "zh-CN": "；"},
    "announce.why.grand_slam": {"en": "大光: the defenders scored nothing", "zh-CN": "大光：闲家零分"},
    "announce.why.small_slam": {"en": "小光: the defenders scored under {points}", "zh-CN": "小光：闲家不到 {points} 分"},
    "announce.why.take_over": {"en": "上台: the defenders take the deal", "zh-CN": "上台：闲家上台坐庄"},
    "announce.why.small_team": {"en": "small team: the dealer's side won short of friends, one more level each",
                                "zh-CN": "庄家方人少获胜：每人多升一级"},
    "announce.ladder_updated": {"en": "Ladder: {changes}", "zh-CN": "排行榜：{changes}"},
    "announce.turn_playing": {"en": "{name}, your turn to play.", "zh-CN": "{name}，轮到你出牌。"},
    "announce.turn_burying": {"en": "{name}, bury {n} cards.", "zh-CN": "{name}，请扣 {n} 张底牌。"},
    "announce.turn_burying_friends": {"en": "{name}, bury {n} cards and call {friends} friends (找朋友).",
                                      "zh-CN": "{name}，请扣 {n} 张底牌并叫 {friends} 个朋友（找朋友）。"},
    "announce.turn_kitty_overcall": {"en": "{name}, overcall to take the kitty, or pass.",
                                     "zh-CN": "{name}，可以炒地皮（反底）或过。"},
    "announce.turn_declaring": {"en": "{name}, declare or pass.", "zh-CN": "{name}，请亮主或过。"},
    "announce.reminder": {"en": "{name}, {seconds} s left before the AI plays for you.",
                          "zh-CN": "{name}，还有 {seconds} 秒就会自动托管。"},
    "announce.tuoguan_taken": {"en": "{name} is away: the AI plays for them (托管). Take back control any time.",
                               "zh-CN": "{name} 超时，已托管，可随时取消托管。"},
    "announce.tuoguan_chosen": {"en": "{name} hands their seat to the AI (托管).", "zh-CN": "{name} 选择了托管。"},
    "announce.tuoguan_back": {"en": "{name} is back in control.", "zh-CN": "{name} 取消了托管。"},
    "announce.queued_played": {"en": "Your queued {cards} was played.", "zh-CN": "已打出你预出的 {cards}。"},
    "announce.queue_dropped": {"en": "Your queued play was dropped.", "zh-CN": "你预出的牌已取消。"},
    "announce.forced_played": {"en": "Only one legal play: {cards} was played for you.",
                               "zh-CN": "只有一种出法：已自动打出 {cards}。"},
    "announce.hand_final": {"en": "Hand {hand} over: defenders {points} points. Final levels {levels}.",
                            "zh-CN": "第 {hand} 局结束：闲家 {points} 分。最终级数 {levels}。"},
    "announce.hand_settled_laps": {
        "en": "Hand {hand} over: defenders {points} points. Levels {levels}, laps {laps}; {dealer} deals.",
        "zh-CN": "第 {hand} 局结束：闲家 {points} 分。级数 {levels}，轮数 {laps}，{dealer} 坐庄。",
    },
    # -- time (engine.table) -------------------------------------------------------------------------------
    "announce.time_called": {
        "en": "Time is called: this hand is played to its end, then the match stops.",
        "zh-CN": "时间到：本副牌打完后比赛结束。",
    },
    # -- public announcements (runtime.announce.events) ---------------------------------------------------------
    "announce.declared_concealed": {
        "en": "{name} declared face down.",
        "zh-CN": "{name} 暗扣亮主。",
    },
    "announce.overcall_concealed": {
        "en": "{name} overcalled face down.",
        "zh-CN": "{name} 暗反。",
    },
    "announce.declarations_revealed": {
        "en": "The face-down declarations are turned up: {shown}. Trump: {trump}.",
        "zh-CN": "暗扣的牌翻开：{shown}。主：{trump}。",
    },
    "announce.revealed_one": {"en": "{name} {cards}", "zh-CN": "{name} {cards}"},
    "announce.declaring_closed_concealed": {
        "en": "Declaring is over: {dealer} deals; the trump stays face down until the round after the bury ends.",
        "zh-CN": "亮主结束：{dealer} 坐庄；主牌暗扣，扣底后的反主轮结束时翻开。",
    },
    "announce.swap_window": {
        "en": "Nobody on the team due to deal declared: {a} and {b} may now declare with their own level {level}, in turn (whoever declares deals).",
        "zh-CN": "庄家方无人亮主：换庄，{a}、{b} 依次可用本方级牌 {level} 亮主（谁亮主谁坐庄）。",
    },
    "announce.swap_dealer": {
        "en": "{name} declared and takes the deal at level {level}; overcalls are open.",
        "zh-CN": "{name} 亮主坐庄，打 {level}；可以反主。",
    },
    "announce.kitty_round": {
        "en": "The kitty is buried: {name} may overcall (and re-bury) or pass.",
        "zh-CN": "底牌已扣好：{name} 可以反主（并重新扣底）或不反。",
    },
    "announce.kitty_round_concealed": {
        "en": "The kitty is buried: overcalls are made face down, in turn from {name}.",
        "zh-CN": "底牌已扣好：从 {name} 开始依次表态，暗反。",
    },
    "announce.kitty_round_no_trump": {
        "en": "The kitty is buried: one round from {name} to the dealer, only a stronger joker pair may overcall (no trump).",
        "zh-CN": "底牌已扣好：从 {name} 起到庄家一轮，只能用更大的对王反无主。",
    },
    "announce.turn_swap": {
        "en": "{name}, your team may now declare with its own level {level} (whoever declares deals), or pass.",
        "zh-CN": "{name}，换庄：你方可用本方级牌 {level} 亮主（谁亮主谁坐庄），或不亮。",
    },
    "announce.turn_concealed": {
        "en": "{name}, overcall face down from your panel (only you see your cards), or pass.",
        "zh-CN": "{name}，请在你的私人面板暗反（只有你能看到所扣的牌），或不反。",
    },
    "announce.reminder_warning": {
        "en": "{name}, {seconds} s left: at time your team gets a warning (超时警告) and the AI plays for you.",
        "zh-CN": "{name}，还有 {seconds} 秒：超时将给予警告，并由 AI 托管。"},
    "announce.reminder_points": {
        "en": "{name}, {seconds} s left: at time your team loses {points} points to the other side (超时罚分) "
              "and the AI plays for you.",
        "zh-CN": "{name}，还有 {seconds} 秒：超时将罚 {points} 分给对方，并由 AI 托管。"},
    "announce.reminder_hand": {
        "en": "{name}, {seconds} s left: at time your team loses this hand (超时判负) and the AI plays for you.",
        "zh-CN": "{name}，还有 {seconds} 秒：超时本副牌判负，并由 AI 托管。"},
    "announce.warning_timeout": {"en": "⏱️ Time: {a} & {b} get a warning (超时警告).",
                                 "zh-CN": "⏱️ 超时：{a} 和 {b} 警告一次。"},
    "announce.penalty_timeout": {
        "en": "⏱️ Time: {a} & {b} lose {points} points to the other side (超时罚分); defenders' points now {total}.",
        "zh-CN": "⏱️ 超时：{a} 和 {b} 罚 {points} 分给对方；闲家现有 {total} 分。"},
    "announce.hand_awarded_timeout": {"en": "⏱️ Time: hand {hand} goes to {a} & {b} (超时判负).",
                                      "zh-CN": "⏱️ 超时：第 {hand} 副牌判 {a} 和 {b} 胜。"},
    # -- referee ----------------------------------------------------------------------------------------------
    "announce.warning_referee": {"en": "🟨 Referee: a warning to {a} & {b} (警告).",
                                 "zh-CN": "🟨 裁判：{a} 和 {b} 警告一次。"},
    "announce.penalty_referee": {
        "en": "🟥 Referee: {a} & {b} lose {points} points to the other side (罚分); defenders' points now {total}.",
        "zh-CN": "🟥 裁判：{a} 和 {b} 罚 {points} 分给对方；闲家现有 {total} 分。"},
    "announce.hand_awarded_referee": {"en": "🟥 Referee: hand {hand} is awarded to {a} & {b} (判负一副).",
                                      "zh-CN": "🟥 裁判：第 {hand} 副牌判 {a} 和 {b} 胜。"},
    "announce.disqualified": {"en": "🟥 Referee: {a} & {b} are disqualified (取消比赛资格).",
                              "zh-CN": "🟥 裁判：{a} 和 {b} 被取消比赛资格。"},
    "announce.hand_sanctions": {"en": "Penalties in hand {hand} — points lost (warnings/hands lost): {totals}",
                                "zh-CN": "第 {hand} 副牌罚则——罚分（警告/判负副数）：{totals}"},
    "announce.match_sanctions": {"en": "Penalties in this match — points lost (warnings/hands lost): {totals}",
                                 "zh-CN": "本场罚则——罚分（警告/判负副数）：{totals}"},
    # -- timed rounds -----------------------------------------------------------------------------------------
    "announce.time_notice_finish": {
        "en": "⏰ {minutes} minute(s) to time: at time the hand in progress is played to its end, then the match stops.",
        "zh-CN": "⏰ 距比赛时间到还有 {minutes} 分钟：时间到时打完手中的牌后结束。"},
    "announce.time_notice_one_more": {
        "en": "⏰ {minutes} minute(s) to time: at time the hand in progress is finished, then one more hand is played.",
        "zh-CN": "⏰ 距比赛时间到还有 {minutes} 分钟：时间到时需把手中的牌打完，再打1副牌。"},
    "announce.time_one_more": {
        "en": "⏰ Time! Hand {hand} is the last one: finish this hand, then one more (再打1副牌).",
        "zh-CN": "⏰ 时间到！第 {hand} 副是最后一副：打完手中的牌，再打1副牌。"},
    "announce.extra_hand": {"en": "⚖️ Level at time: an extra hand (加赛) — the first team ahead wins.",
                            "zh-CN": "⚖️ 时间到时双方同级：加赛，先超出者为胜。"},
    "announce.ruled_by": {"en": "⚖️ Ruling by {referee}:", "zh-CN": "⚖️ 裁判 {referee} 判罚："},
    "announce.undo_requested": {"en": "↩️ {name} asks to take back their last play: the others agree with /tractor undo.",
                                "zh-CN": "↩️ {name} 请求撤回上一手：其他玩家用 /tractor undo 同意。"},
    "announce.undone": {"en": "↩️ {name} took back their last play (everyone agreed) and plays again.",
                        "zh-CN": "↩️ 经全体同意，{name} 撤回了上一手，重新出牌。"},
    "announce.reminder_declare_none": {"en": "{name}, {seconds} s left to declare or pass, then you pass.",
                                          "zh-CN": "{name}，还有 {seconds} 秒亮主或不叫，超时视为不叫。"},
    "announce.reminder_declare_points": {
        "en": "{name}, {seconds} s left to declare or pass: at time you pass and your team loses {points} points to "
              "the other side (超时罚分).",
        "zh-CN": "{name}，还有 {seconds} 秒亮主或不叫：超时视为不叫，并罚 {points} 分给对方。"},
    # -- 找朋友 (RULES §13.3-§13.4): the calls as play begins, each friend once, with the card that revealed it
    "announce.friends_called": {
        "en": "📣 {name} calls friends (找朋友): {calls}. Whoever plays a called copy joins the dealer's team.",
        "zh-CN": "📣 {name} 找朋友：{calls}。谁打出叫到的那张牌，谁就加入庄家一方。"},
    "announce.friends_none": {"en": "📣 {name} calls no friend and plays alone.", "zh-CN": "📣 {name} 不叫朋友，一人坐庄。"},
    "announce.friend_joined": {"en": "🤝 {name} played {call} and joins {dealer}'s team: {team}.",
                               "zh-CN": "🤝 {name} 打出{call}，成为 {dealer} 的朋友。庄家一方：{team}。"},
    "announce.call": {"en": "the {nth} {card}", "zh-CN": "{nth}{card}"},
    "announce.calls_sep": {"en": ", ", "zh-CN": "、"},
}
