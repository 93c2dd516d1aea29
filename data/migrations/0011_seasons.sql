-- Seasons (赛季) a server runs: a name, an end date (a stored timer ends it), who opened it, and the archive written
-- when it ends (its podium, JSON: the top three by rating with their final level and record). Existing ladders keep
-- their rows and stay season 1 (a season without a name is shown as "Season <n>").
-- match_players.progress_after: a player's ladder level after each rated match (the /stats level chart).
-- The ladder is keyed by shape (2 decks 4 seats fixed partners: 'tractor'; 找朋友 and other deck counts get their
-- own keys when they land) so their ladders stay apart: the table is rebuilt with shape in its primary key.

ALTER TABLE seasons ADD COLUMN name TEXT;
ALTER TABLE seasons ADD COLUMN ends_at REAL;
ALTER TABLE seasons ADD COLUMN opened_by INTEGER;
ALTER TABLE seasons ADD COLUMN podium TEXT;
CREATE UNIQUE INDEX seasons_name ON seasons (guild_id, name);
ALTER TABLE match_players ADD COLUMN progress_after INTEGER;

CREATE TABLE ladder_new (
    guild_id INTEGER NOT NULL,
    season INTEGER NOT NULL,
    shape TEXT NOT NULL DEFAULT 'tractor',
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
    PRIMARY KEY (guild_id, season, shape, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, season)
);
INSERT INTO ladder_new (guild_id, season, shape, user_id, progress, mu, sigma, ordinal, matches_won, matches_lost,
    hands_won_dealer, hands_lost_dealer, hands_won_defender, hands_lost_defender, kitty_bonuses, kitty_points,
    streak, best_streak, updated_at)
    SELECT guild_id, season, 'tractor', user_id, progress, mu, sigma, ordinal, matches_won, matches_lost,
    hands_won_dealer, hands_lost_dealer, hands_won_defender, hands_lost_defender, kitty_bonuses, kitty_points,
    streak, best_streak, updated_at FROM ladder;
DROP TABLE ladder;
ALTER TABLE ladder_new RENAME TO ladder;
CREATE INDEX ladder_rating ON ladder (guild_id, season, shape, ordinal DESC);
CREATE INDEX ladder_level ON ladder (guild_id, season, shape, progress DESC);
CREATE INDEX ladder_user ON ladder (guild_id, user_id);
