"""The Discord-free game service shared by the cogs and the offline job.

``GameService`` (runtime.service) turns player intents into engine actions, commits them through
``data/``, renders pictures through ``render/`` and hands ``TableUpdate``s to a ``Presenter``
(runtime.presenter). Timers (AI moves, reminders, 托管 timeouts, dealing, the declaration window,
the pause between hands) live in the database and are driven by one scheduler task (runtime.scheduler).
"""
