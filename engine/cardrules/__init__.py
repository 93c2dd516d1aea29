"""The card rules on card indices (``Card.index``, 0..53): the one implementation of units, tricks and follows
that the engine (``engine.units``, ``engine.trick``, ``engine.follow``: thin wrappers taking ``Card`` objects),
the judge and the AI's rollouts all use, compiled by ``tools/build_ai.py`` (plain Python without a compiler).

- ``tables``: one trump context's per-card answers (``RuleTables``, ``rule_tables``).
- ``units``: pairs, tractors (拖拉机), shapes and the format ladder.
- ``trick``: who can win a trick and who wins it.
- ``follow``: the legal follows (跟牌): the check and the enumeration.
"""
