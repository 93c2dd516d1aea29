"""Seasons (赛季), the hall of fame (名人堂) and the public ladder page: messages, command names and the page's texts."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "data.season_bad_name": {"en": "A season name needs a letter (numbers name seasons by their number).",
                             "zh-CN": "赛季名称需要包含文字（纯数字用作赛季编号）。"},
    "data.season_ends_past": {"en": "The end date must be in the future.", "zh-CN": "结束日期必须在将来。"},
    "data.season_running": {"en": "Season “{season}” is running: end it first with /tractor season end.",
                            "zh-CN": "赛季“{season}”正在进行：请先用 /tractor season end 结束它。"},
    "data.season_name_taken": {"en": "This server already had a season called “{name}”.",
                               "zh-CN": "本服务器已有名为“{name}”的赛季。"},
    "data.season_not_found": {"en": "No season called “{name}” on this server.",
                              "zh-CN": "本服务器没有名为“{name}”的赛季。"},
}
