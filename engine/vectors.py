"""Count vectors (计数向量): the fast playouts' hands, cards played and cards per suit; the rule tables' card
orders.

Compiled (mypyc), they are ``librt.vecs.vec[i64]``: their items are machine integers read and written in
place, where a list's items are boxed Python ints (every write allocates or looks up an int object, every
read checks one). In plain Python the same code runs on lists (``vec[i64](items)`` makes a list: a plain
``vec`` is slower than a list there), so only the compiled build needs ``librt`` at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from librt.vecs import vec as vec
    from mypy_extensions import i64 as i64
else:
    class _ListVectors:
        """``vec[i64]`` in plain Python: the list type."""

        def __getitem__(self, item: Any) -> type[list[Any]]:
            return list

    vec = _ListVectors()
    i64 = int
