-- Seasons (赛季): see 0011_seasons.sql. PostgreSQL adds the ladder's shape column and moves the primary key.

ALTER TABLE seasons ADD COLUMN name TEXT;
ALTER TABLE seasons ADD COLUMN ends_at DOUBLE PRECISION;
ALTER TABLE seasons ADD COLUMN opened_by BIGINT;
ALTER TABLE seasons ADD COLUMN podium TEXT;
CREATE UNIQUE INDEX seasons_name ON seasons (guild_id, name);
ALTER TABLE match_players ADD COLUMN progress_after BIGINT;

ALTER TABLE ladder ADD COLUMN shape TEXT NOT NULL DEFAULT 'tractor';
ALTER TABLE ladder DROP CONSTRAINT ladder_pkey;
ALTER TABLE ladder ADD PRIMARY KEY (guild_id, season, shape, user_id);
DROP INDEX IF EXISTS ladder_rating;
DROP INDEX IF EXISTS ladder_level;
CREATE INDEX ladder_rating ON ladder (guild_id, season, shape, ordinal DESC);
CREATE INDEX ladder_level ON ladder (guild_id, season, shape, progress DESC);
CREATE INDEX ladder_user ON ladder (guild_id, user_id);
