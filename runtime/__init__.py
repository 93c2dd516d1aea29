"""The Discord-free game service shared by the cogs and the offline job.

``GameService`` (runtime.service.game) turns player intents into engine actions, commits them through
``data/``, renders pictures through ``render/`` and hands ``TableUpdate``s to a ``Presenter``
(runtime.presenter). Timers (AI moves, reminders, 托管 timeouts, dealing, the declaration window,
the pause between hands, the end of a timed match) live in the database and are driven by one
scheduler task (runtime.clock.scheduler).

Modules: ``records`` (TableRecord, Seat, TableOptions), ``lobby`` (seat rules), ``service`` (the API),
``pipeline`` (apply → commit → ladder → render → present → re-arm), ``planner`` (which timers a table
needs), ``turns`` (what a due timer does), ``scheduler``, ``store`` (the ``data/`` adapter), ``panel``
and ``choices`` (a seat's options, autocomplete), ``announce`` (events → message keys), ``imaging``
(render calls off the event loop), ``offline`` (the main job without a token), ``config``.
"""
