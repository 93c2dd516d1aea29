"""Messages of the table as a Discord Activity: its set-up, the OAuth2 code exchange and its refusals."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "activity.unavailable": {
        "en": "The table as a Discord Activity is not available on this bot (it is not set up, or its page was not "
              "built). Use “Open table” in your panel for a link to open in a browser.",
        "zh-CN": "此机器人不能以 Discord 活动打开牌桌（未设置，或其页面未构建）。请在面板中点“打开牌桌”获取链接，在浏览器中打开。"},
    "activity.busy": {"en": "Many players are signing in right now; try again in a few seconds.",
                      "zh-CN": "现在登录的人很多；请几秒后再试。"},
    "activity.bad_request": {"en": "The Activity's sign-in request was not understood; nothing changed.",
                             "zh-CN": "无法识别活动的登录请求；没有任何改变。"},
    "activity.code_refused": {
        "en": "Discord did not confirm who you are (the sign-in code is invalid, used or expired). Close the "
              "Activity and start it again.",
        "zh-CN": "Discord 未能确认你的身份（登录码无效、已使用或已过期）。请关闭活动后重新启动。"},
    "activity.discord_down": {"en": "Discord could not be reached to confirm who you are; try again in a moment.",
                              "zh-CN": "暂时无法连接 Discord 确认你的身份；请稍后再试。"},
    "activity.not_member": {"en": "You are not a member of the server this Activity was started in.",
                            "zh-CN": "你不是启动此活动的服务器的成员。"},
    "activity.no_table": {
        "en": "There is no open table in this channel. Start the Activity from a table's thread (“Play in Discord” "
              "in your panel).",
        "zh-CN": "此频道没有进行中的牌桌。请在牌桌的讨论串中启动活动（面板中的“在 Discord 中玩”）。"},
    "activity.signing_in": {"en": "Signing in with Discord…", "zh-CN": "正在通过 Discord 登录……"},
    "activity.launch": {"en": "Play in Discord", "zh-CN": "在 Discord 中玩"},
    "activity.launch_failed": {
        "en": "Discord did not start the Activity here; here is a link to open the table in a browser instead.",
        "zh-CN": "Discord 未能在此处启动活动；以下是在浏览器中打开牌桌的链接。"},
}
