"""The rules and the game (引擎). The compiled rules and AI, when pip built them (``tools/tractor_compiled``):
importing that package makes Python load them in place of the ``.py`` files, if they match these sources."""

import contextlib

with contextlib.suppress(ImportError):
    import tractor_compiled  # noqa: F401
