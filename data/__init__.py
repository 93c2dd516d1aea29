"""Storage (SQLite via aiosqlite): tables, action logs and snapshots, timers, server settings, ladders, history.

The only package that speaks SQL. ``Database.open(path)`` gives one object with every store; engine
restores and hand exports are in ``data.replay``.
"""

from data.database import Database
from data.errors import DataError
from data.games import GameLoad, Snapshot
from data.history import HandRecord, MatchRecord
from data.ladder import PlayerStats
from data.queued import QueuedPlay
from data.records import Mode, Seat, Status, TableOptions, TableRecord
from data.timers import Timer

__all__ = ["DataError", "Database", "GameLoad", "HandRecord", "MatchRecord", "Mode", "PlayerStats", "QueuedPlay",
           "Seat", "Snapshot", "Status", "TableOptions", "TableRecord", "Timer"]
