"""The game service (``GameService``): a table's lobby, play, timers and restore, one move at a time per table."""
