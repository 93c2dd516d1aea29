-- The ladder's two orders as whole indexes (rating: ordinal, progress, user; level: progress, ordinal, user), so a
-- page of a 10,000-player ladder (the public page, /ladder) reads its rows in order instead of sorting them all.

DROP INDEX ladder_rating;
DROP INDEX ladder_level;
CREATE INDEX ladder_rating ON ladder (guild_id, season, shape, ordinal DESC, progress DESC, user_id);
CREATE INDEX ladder_level ON ladder (guild_id, season, shape, progress DESC, ordinal DESC, user_id);
