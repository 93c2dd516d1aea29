-- Ladder progress may go below level 2 (RULES §8 blocked_gain: deducted_negative writes levels -1, -2, …):
-- the CHECK (progress >= 0) of 0002 is dropped by rebuilding the table (SQLite cannot drop a CHECK).

CREATE TABLE ladder_new (
    guild_id INTEGER NOT NULL,
    season INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    matches_won INTEGER NOT NULL DEFAULT 0,
    matches_lost INTEGER NOT NULL DEFAULT 0,
    hands_won_dealer INTEGER NOT NULL DEFAULT 0,
    hands_lost_dealer INTEGER NOT NULL DEFAULT 0,
    hands_won_defender INTEGER NOT NULL DEFAULT 0,
    hands_lost_defender INTEGER NOT NULL DEFAULT 0,
    kitty_bonuses INTEGER NOT NULL DEFAULT 0,
    kitty_points INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, season, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, season)
);
INSERT INTO ladder_new SELECT guild_id, season, user_id, progress, mu, sigma, ordinal, matches_won, matches_lost,
    hands_won_dealer, hands_lost_dealer, hands_won_defender, hands_lost_defender, kitty_bonuses, kitty_points,
    streak, best_streak, updated_at FROM ladder;
DROP TABLE ladder;
ALTER TABLE ladder_new RENAME TO ladder;
CREATE INDEX ladder_rating ON ladder (guild_id, season, ordinal DESC);
CREATE INDEX ladder_level ON ladder (guild_id, season, progress DESC);
