"""Messages of the match outputs: the offline console (``bot.py offline``: seat names, the closing summary) and the
trick log's line for a trick the dealer team kept."""

MESSAGES: dict[str, dict[str, str]] = {
    "outputs.seat.0": {"en": "South", "zh-CN": "南"},
    "outputs.seat.1": {"en": "East", "zh-CN": "东"},
    "outputs.seat.2": {"en": "North", "zh-CN": "北"},
    "outputs.seat.3": {"en": "West", "zh-CN": "西"},
    "outputs.no_winner": {"en": "none (the match was stopped)", "zh-CN": "无（比赛被中止）"},
    "outputs.describe": {"en": "table {table}: {hands}, {actions} actions, levels {levels}, winners {winners}",
                          "zh-CN": "{table} 号牌桌：{hands}，{actions} 步，级数 {levels}，胜方 {winners}"},
    "outputs.hands": {"en": "{n} hands", "zh-CN": "{n} 局"},
    "outputs.credited": {"en": "credited {a} / {b}", "zh-CN": "累计升级 {a} / {b}"},
    "outputs.hands.one": {"en": "1 hand", "zh-CN": "1 局"},
    "outputs.pictures": {"en": "{count} pictures in {folder} ({seconds} s)",
                          "zh-CN": "{count} 张图片在 {folder}（{seconds} 秒）"},
    "outputs.log_line_kept": {"en": "{n}. {plays} → **{winner}** keeps {points}",
                              "zh-CN": "{n}. {plays} → **{winner}** 保住 {points} 分"},
    "outputs.kept": {"en": "{points} kept", "zh-CN": "保 {points}"},
}
