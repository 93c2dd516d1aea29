"""The rules and the game (引擎): pure, deterministic, no I/O."""
