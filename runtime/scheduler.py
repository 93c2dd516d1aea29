"""The one asyncio task that runs the stored timers of every table when they fall due.

It takes the earliest timer, and once due deletes it *before* running its handler (so a timer is
never run twice, and a re-planning handler cannot be undone by a late delete of a reused row id).
A crash between the two loses nothing: ``restore_all`` re-plans every table's timers from its state.
Sleeps until the next due time or until timers change (``db.timers_changed``).
"""

from __future__ import annotations

import logging

from data.scheduler import TimerScheduler

log = logging.getLogger(__name__)


class Scheduler(TimerScheduler):
    """``start()`` the background task (inherited); ``run_due()`` fires what is due now (tests, offline job).

    Unlike ``data.scheduler.TimerScheduler`` (run, then delete: at least once), this deletes first
    and runs at most once, because ``restore_all`` re-plans every table's timers from its state.
    """

    async def fire_next(self) -> bool:
        """Run the earliest timer if it is due; False if none is due."""
        timer = await self.db.next_timer()
        if timer is None or timer.due_at > self.clock():
            return False
        if not await self.db.delete_timer(timer.id):
            return True  # someone else removed it meanwhile; look again
        try:
            await self.handler(timer)
        except Exception:
            log.exception("timer %d (%s) of table %s failed", timer.id, timer.kind, timer.table_id)
        return True

    async def run_due(self, limit: int = 1_000_000) -> int:
        """Fire due timers (including those that become due meanwhile) until none is due; how many."""
        fired = 0
        while fired < limit and await self.fire_next():
            fired += 1
        return fired
