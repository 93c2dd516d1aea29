-- Table shapes: see 0014_table_shapes.sql. PostgreSQL changes match_players' constraints in place.

ALTER TABLE matches ADD COLUMN shape TEXT NOT NULL DEFAULT 'tractor';
ALTER TABLE matches ADD COLUMN winners TEXT;
ALTER TABLE hand_results ADD COLUMN shape TEXT NOT NULL DEFAULT 'tractor';

ALTER TABLE match_players DROP CONSTRAINT IF EXISTS match_players_seat_check;
ALTER TABLE match_players ADD CONSTRAINT match_players_seat_check CHECK (seat BETWEEN 0 AND 7);
ALTER TABLE match_players ALTER COLUMN team DROP NOT NULL;
ALTER TABLE match_players ADD COLUMN level TEXT;
CREATE INDEX matches_shape ON matches (guild_id, shape, finished_at DESC);
