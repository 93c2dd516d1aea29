"""The Discord-free game service shared by the cogs, the web table and the programs: its front door.

``cogs/`` and ``web/`` import from here only (``from runtime import GameService``), never a module inside;
tests and benchmarks may. Every name below is loaded on first use, so a worker process that needs one module
(``runtime.workers``) does not load the whole service.

``GameService`` (``runtime.service.game``) turns player intents into engine actions, commits them through
``data/``, renders pictures through ``render/`` and hands ``TableUpdate``s to a ``Presenter``
(``runtime.presenter``); ``TournamentService`` (``runtime.tournament.service``) runs tournaments on its tables.
Inside, each concept is a package and imports only the ones below it:

- the shared basics at the top: ``errors``, ``presenter``, ``access`` (who may do what), ``inputs`` and
  ``options`` (commands' inputs checked), ``procedures`` (time controls, sanctions), ``ratelimit``,
  ``workers`` and ``aipool`` (worker processes);
- ``views`` (what one seat sees and may do), ``announce`` (events → message keys), ``pictures`` (drawing off the
  event loop), ``clock`` (stored timers, their scheduler and planner);
- ``records`` (names, seasons, ladder, replays, reviews);
- ``service`` (``GameService`` and its parts: lobby, play, tables, records, undo, referee; the pipeline of a
  move, the timers' turns, sessions, restore, the storage watchdog);
- ``tournament`` and ``links`` (web table links, membership), over the service.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from render.labels import shape_text as shape_text
    from runtime import inputs as inputs
    from runtime.access import Caller as Caller
    from runtime.access import Op as Op
    from runtime.access import TableLimits as TableLimits
    from runtime.access import authorize as authorize
    from runtime.access import is_here as is_here
    from runtime.access import is_manager as is_manager
    from runtime.access import valid_id as valid_id
    from runtime.aipool import shared_pool as shared_pool
    from runtime.announce.procedures import log_line as log_line
    from runtime.announce.procedures import summary_notes as summary_notes
    from runtime.errors import LobbyError as LobbyError
    from runtime.errors import NotAllowed as NotAllowed
    from runtime.errors import ServiceError as ServiceError
    from runtime.errors import TableNotFound as TableNotFound
    from runtime.inputs import LADDER_ORDERS as LADDER_ORDERS
    from runtime.links.membership import Lookup as Lookup
    from runtime.links.membership import Membership as Membership
    from runtime.links.weblinks import LINK_TTL as LINK_TTL
    from runtime.links.weblinks import SESSION_TTL as SESSION_TTL
    from runtime.links.weblinks import Grant as Grant
    from runtime.links.weblinks import LinkBook as LinkBook
    from runtime.links.weblinks import load_secret as load_secret
    from runtime.options import DESCRIBE_LIMIT as DESCRIBE_LIMIT
    from runtime.options import build_rules as build_rules
    from runtime.options import check_timeout as check_timeout
    from runtime.options import describe_rules as describe_rules
    from runtime.options import described_completions as described_completions
    from runtime.options import preset_choices as preset_choices
    from runtime.pictures.imaging import ImagePolicy as ImagePolicy
    from runtime.pictures.imaging import cjk_font_file as cjk_font_file
    from runtime.pictures.imaging import ladder_image as ladder_image
    from runtime.pictures.imaging import match_summary_image as match_summary_image
    from runtime.pictures.imaging import replay_image as replay_image
    from runtime.pictures.renderqueue import QUEUE as RENDER_QUEUE  # noqa: F401 (exported renamed)
    from runtime.presenter import HAND_SUMMARY as HAND_SUMMARY
    from runtime.presenter import LADDER as LADDER
    from runtime.presenter import MATCH_SUMMARY as MATCH_SUMMARY
    from runtime.presenter import TRICK as TRICK
    from runtime.presenter import Announcement as Announcement
    from runtime.presenter import Image as Image
    from runtime.presenter import LivePicture as LivePicture
    from runtime.presenter import Presenter as Presenter
    from runtime.presenter import RecordingPresenter as RecordingPresenter
    from runtime.presenter import TableUpdate as TableUpdate
    from runtime.presenter import UpdateReason as UpdateReason
    from runtime.procedures import PROCEDURES as PROCEDURES
    from runtime.procedures import SANCTIONS as SANCTIONS
    from runtime.procedures import TIME_CONTROLS as TIME_CONTROLS
    from runtime.procedures import procedure_lines as procedure_lines
    from runtime.procedures import sanction_lines as sanction_lines
    from runtime.procedures import tournament_lines as tournament_lines
    from runtime.procedures import with_time_control as with_time_control
    from runtime.ratelimit import DEFAULT_LIMITS as DEFAULT_LIMITS
    from runtime.ratelimit import RateLimiter as RateLimiter
    from runtime.records.ladder_shapes import shape_label as shape_label
    from runtime.records.replays import HandReplay as HandReplay
    from runtime.records.review import Mark as Mark
    from runtime.records.review import Reviewer as Reviewer
    from runtime.records.seasons import SeasonOver as SeasonOver
    from runtime.records.seasons import SeasonService as SeasonService
    from runtime.records.seasons import may_run_seasons as may_run_seasons
    from runtime.records.seasons import season_label as season_label
    from runtime.service.game import PLAYER_ACTIONS as PLAYER_ACTIONS
    from runtime.service.game import ActOutcome as ActOutcome
    from runtime.service.game import GameService as GameService
    from runtime.service.pipeline import PAUSED as PAUSED
    from runtime.service.referee import Ruling as Ruling
    from runtime.service.referee import match_parties as match_parties
    from runtime.service.seating import AI_NAME as AI_NAME
    from runtime.service.session import Session as Session
    from runtime.service.undo import UndoStep as UndoStep
    from runtime.tournament.entries import Entry as TournamentEntry  # noqa: F401 (exported renamed)
    from runtime.tournament.entries import enter as enter_tournament  # noqa: F401 (exported renamed)
    from runtime.tournament.service import MAX_NAME as MAX_TOURNAMENT_NAME  # noqa: F401 (exported renamed)
    from runtime.tournament.service import TournamentService as TournamentService
    from runtime.tournament.views import RecordingTournamentPresenter as RecordingTournamentPresenter
    from runtime.tournament.views import TournamentUpdate as TournamentUpdate
    from runtime.tournament.views import config_lines as config_lines
    from runtime.tournament.views import match_stage as match_stage
    from runtime.tournament.views import pictures as tournament_pictures  # noqa: F401 (exported renamed)
    from runtime.views.cache import public_view as public_view
    from runtime.views.calls import call_dialog as call_dialog
    from runtime.views.calls import check_dealer_calls as check_dealer_calls
    from runtime.views.calls import decode_calls as decode_calls
    from runtime.views.calls import encode_calls as encode_calls
    from runtime.views.calls import parse_calls as parse_calls
    from runtime.views.choices import match_typed as match_typed
    from runtime.views.choices import play_text as play_text
    from runtime.views.panel import KITTY_SIZE as KITTY_SIZE
    from runtime.views.panel import Panel as Panel
    from runtime.views.panel import build_panel as build_panel

# the interface: name -> (module, attribute; "" for the module itself)
_EXPORTS: dict[str, tuple[str, str]] = {
    "inputs": ("runtime.inputs", ""),
    "Caller": ("runtime.access", "Caller"),
    "Op": ("runtime.access", "Op"),
    "TableLimits": ("runtime.access", "TableLimits"),
    "authorize": ("runtime.access", "authorize"),
    "is_here": ("runtime.access", "is_here"),
    "is_manager": ("runtime.access", "is_manager"),
    "valid_id": ("runtime.access", "valid_id"),
    "LobbyError": ("runtime.errors", "LobbyError"),
    "NotAllowed": ("runtime.errors", "NotAllowed"),
    "ServiceError": ("runtime.errors", "ServiceError"),
    "TableNotFound": ("runtime.errors", "TableNotFound"),
    "HAND_SUMMARY": ("runtime.presenter", "HAND_SUMMARY"),
    "LADDER": ("runtime.presenter", "LADDER"),
    "MATCH_SUMMARY": ("runtime.presenter", "MATCH_SUMMARY"),
    "TRICK": ("runtime.presenter", "TRICK"),
    "Announcement": ("runtime.presenter", "Announcement"),
    "Image": ("runtime.presenter", "Image"),
    "LivePicture": ("runtime.presenter", "LivePicture"),
    "Presenter": ("runtime.presenter", "Presenter"),
    "RecordingPresenter": ("runtime.presenter", "RecordingPresenter"),
    "TableUpdate": ("runtime.presenter", "TableUpdate"),
    "UpdateReason": ("runtime.presenter", "UpdateReason"),
    "LADDER_ORDERS": ("runtime.inputs", "LADDER_ORDERS"),
    "DESCRIBE_LIMIT": ("runtime.options", "DESCRIBE_LIMIT"),
    "build_rules": ("runtime.options", "build_rules"),
    "check_timeout": ("runtime.options", "check_timeout"),
    "describe_rules": ("runtime.options", "describe_rules"),
    "described_completions": ("runtime.options", "described_completions"),
    "preset_choices": ("runtime.options", "preset_choices"),
    "shape_text": ("render.labels", "shape_text"),
    "shape_label": ("runtime.records.ladder_shapes", "shape_label"),
    "PROCEDURES": ("runtime.procedures", "PROCEDURES"),
    "SANCTIONS": ("runtime.procedures", "SANCTIONS"),
    "TIME_CONTROLS": ("runtime.procedures", "TIME_CONTROLS"),
    "procedure_lines": ("runtime.procedures", "procedure_lines"),
    "sanction_lines": ("runtime.procedures", "sanction_lines"),
    "tournament_lines": ("runtime.procedures", "tournament_lines"),
    "with_time_control": ("runtime.procedures", "with_time_control"),
    "DEFAULT_LIMITS": ("runtime.ratelimit", "DEFAULT_LIMITS"),
    "RateLimiter": ("runtime.ratelimit", "RateLimiter"),
    "shared_pool": ("runtime.aipool", "shared_pool"),
    "log_line": ("runtime.announce.procedures", "log_line"),
    "summary_notes": ("runtime.announce.procedures", "summary_notes"),
    "ImagePolicy": ("runtime.pictures.imaging", "ImagePolicy"),
    "cjk_font_file": ("runtime.pictures.imaging", "cjk_font_file"),
    "ladder_image": ("runtime.pictures.imaging", "ladder_image"),
    "match_summary_image": ("runtime.pictures.imaging", "match_summary_image"),
    "replay_image": ("runtime.pictures.imaging", "replay_image"),
    "RENDER_QUEUE": ("runtime.pictures.renderqueue", "QUEUE"),
    "public_view": ("runtime.views.cache", "public_view"),
    "match_typed": ("runtime.views.choices", "match_typed"),
    "play_text": ("runtime.views.choices", "play_text"),
    "call_dialog": ("runtime.views.calls", "call_dialog"),
    "check_dealer_calls": ("runtime.views.calls", "check_dealer_calls"),
    "decode_calls": ("runtime.views.calls", "decode_calls"),
    "encode_calls": ("runtime.views.calls", "encode_calls"),
    "parse_calls": ("runtime.views.calls", "parse_calls"),
    "KITTY_SIZE": ("runtime.views.panel", "KITTY_SIZE"),
    "Panel": ("runtime.views.panel", "Panel"),
    "build_panel": ("runtime.views.panel", "build_panel"),
    "HandReplay": ("runtime.records.replays", "HandReplay"),
    "Mark": ("runtime.records.review", "Mark"),
    "Reviewer": ("runtime.records.review", "Reviewer"),
    "SeasonOver": ("runtime.records.seasons", "SeasonOver"),
    "SeasonService": ("runtime.records.seasons", "SeasonService"),
    "may_run_seasons": ("runtime.records.seasons", "may_run_seasons"),
    "season_label": ("runtime.records.seasons", "season_label"),
    "PLAYER_ACTIONS": ("runtime.service.game", "PLAYER_ACTIONS"),
    "ActOutcome": ("runtime.service.game", "ActOutcome"),
    "GameService": ("runtime.service.game", "GameService"),
    "PAUSED": ("runtime.service.pipeline", "PAUSED"),
    "Ruling": ("runtime.service.referee", "Ruling"),
    "match_parties": ("runtime.service.referee", "match_parties"),
    "AI_NAME": ("runtime.service.seating", "AI_NAME"),
    "Session": ("runtime.service.session", "Session"),
    "UndoStep": ("runtime.service.undo", "UndoStep"),
    "TournamentEntry": ("runtime.tournament.entries", "Entry"),
    "enter_tournament": ("runtime.tournament.entries", "enter"),
    "MAX_TOURNAMENT_NAME": ("runtime.tournament.service", "MAX_NAME"),
    "TournamentService": ("runtime.tournament.service", "TournamentService"),
    "RecordingTournamentPresenter": ("runtime.tournament.views", "RecordingTournamentPresenter"),
    "TournamentUpdate": ("runtime.tournament.views", "TournamentUpdate"),
    "config_lines": ("runtime.tournament.views", "config_lines"),
    "match_stage": ("runtime.tournament.views", "match_stage"),
    "tournament_pictures": ("runtime.tournament.views", "pictures"),
    "Lookup": ("runtime.links.membership", "Lookup"),
    "Membership": ("runtime.links.membership", "Membership"),
    "LINK_TTL": ("runtime.links.weblinks", "LINK_TTL"),
    "SESSION_TTL": ("runtime.links.weblinks", "SESSION_TTL"),
    "Grant": ("runtime.links.weblinks", "Grant"),
    "LinkBook": ("runtime.links.weblinks", "LinkBook"),
    "load_secret": ("runtime.links.weblinks", "load_secret"),
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """Load an exported name on first use (PEP 562) and keep it."""
    if name not in _EXPORTS:
        raise AttributeError(f"module 'runtime' has no attribute {name!r}")
    module, attribute = _EXPORTS[name]
    loaded = importlib.import_module(module)
    value = getattr(loaded, attribute) if attribute else loaded
    globals()[name] = value
    return value
