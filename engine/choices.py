"""The closed choices of the rule options (RULES §9, §12.6, §13): one ``StrEnum`` per option.

They compare equal to their JSON strings; ``engine.rules`` reads and writes them (and re-exports them).
"""

from __future__ import annotations

from enum import StrEnum

from engine.shape import Mode

__all__ = [
    "BlockedGain", "DealerRotation", "DoubleJoin", "FirstHandDealer", "FollowPolicy", "FriendCards", "KittyGuard",
    "KittyMultiplier", "KittyOvercall", "LevelTable", "MatchEnd", "Mode", "NoDeclaration", "NoTrumpDeclaration",
    "NtTractors", "ThrowCompare", "ThrowPenalty",
]


class FirstHandDealer(StrEnum):
    """§5 who deals the first hand (抢庄)."""

    FINAL_DECLARER = "final_declarer"  # 反主即反庄
    FIRST_DECLARER = "first_declarer"  # 反主不反庄
    FINAL_SUIT_DECLARER = "final_suit_declarer"  # 一对王不能反庄


class NoDeclaration(StrEnum):
    """§5 the trump of a later hand nobody declared in."""

    KITTY_FIRST = "kitty_first"
    KITTY_THIRD = "kitty_third"
    KITTY_LEVEL = "kitty_level"
    NO_TRUMP = "no_trump"
    REDEAL = "redeal"
    SWAP_DEALER = "swap_dealer"  # 换庄


class NoTrumpDeclaration(StrEnum):
    """§5 when a joker pair may declare (no trump, 无主)."""

    ANYTIME = "anytime"
    OVERCALL_ONLY = "overcall_only"
    NEVER = "never"  # 不能反无主


class KittyOvercall(StrEnum):
    """§5 炒地皮 / 反底 after the bury. JSON: ``false``, ``true``, ``"concealed"``, ``"no_trump_only"``."""

    OFF = "false"
    ON = "true"
    CONCEALED = "concealed"  # 暗扣暗反
    NO_TRUMP_ONLY = "no_trump_only"


class NtTractors(StrEnum):
    """§4 which NT trump pairs link into tractors."""

    LEVEL_PAIRS = "level_pairs"
    JOKERS_ONLY = "jokers_only"


class FollowPolicy(StrEnum):
    """§7 what a follower must match."""

    LADDER = "ladder"
    PAIRS_ONLY = "pairs_only"
    SUIT_ONLY = "suit_only"
    LADDER_PROTECTED = "ladder_protected"  # §12.4: a tuple never breaks to fill a narrower slot


class ThrowCompare(StrEnum):
    """§7 how two plays on a throw compare."""

    LARGEST = "largest"
    ALL = "all"


class ThrowPenalty(StrEnum):
    """§4 the failed-throw penalty (甩牌罚分)."""

    PER_CARD_RETURNED = "per_card_returned"
    PER_CARD_ATTEMPTED = "per_card_attempted"
    ATTEMPTED_MINUS_ONE = "attempted_minus_one"
    NONE = "none"


class KittyMultiplier(StrEnum):
    """§8 the kitty bonus multiplier (抠底倍数)."""

    DOUBLING = "doubling"
    BY_CARDS = "by_cards"
    BY_PAIRS = "by_pairs"
    POWER = "power"
    FLAT = "flat"


class KittyGuard(StrEnum):
    """§8 who guards the kitty (保底)."""

    DEALER_TEAM = "dealer_team"
    BURIER = "burier"  # 谁扣底谁保底


class LevelTable(StrEnum):
    """§8 the level change from the defenders' points."""

    STEPS40 = "steps40"
    STEPS20 = "steps20"
    STEPS20B = "steps20b"
    STEPS10 = "steps10"


class DealerRotation(StrEnum):
    """§8 who deals after the dealer team wins."""

    PARTNER = "partner"
    SAME_PLAYER = "same_player"


class BlockedGain(StrEnum):
    """§8 levels of a gain cut off by a must-play or the end level."""

    LOST = "lost"
    DEDUCTED = "deducted"
    DEDUCTED_NEGATIVE = "deducted_negative"  # 负级


class MatchEnd(StrEnum):
    """§8 how the match ends."""

    PASS_END = "pass_end"
    TIMED = "timed"
    TIMED_LAPS = "timed_laps"
    FIXED_DEALS = "fixed_deals"


class FriendCards(StrEnum):
    """§13.3 which cards the dealer may call as friends (找朋友)."""

    NO_TRUMPS = "no_trumps"
    TRUMPS_INCLUDED = "trumps_included"
    NO_HIGHEST = "no_highest"
    NO_POINTS = "no_points"


class DoubleJoin(StrEnum):
    """§13.4 a called copy played by someone already on the dealer's team."""

    CONSUMES = "consumes"
    IGNORED = "ignored"
