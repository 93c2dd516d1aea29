-- Table shapes (RULES §12–§13: 1–4 decks, 4–8 seats, fixed partners or 找朋友) in the records. The shape's ladder
-- key (data.shapes: 'tractor' is 2 decks, 4 seats, fixed partners) goes on every match and settled hand; rows
-- recorded before this migration are that default shape and read as before. A match keeps its winning seats
-- (JSON list; NULL in older rows: the seats of winner_team) and, per seat, the level the player ended it at
-- (找朋友: every player has its own, §13.7). match_players is rebuilt for seats 0–7 and a NULL team (找朋友: teams
-- change every hand), as SQLite cannot drop a CHECK.

ALTER TABLE matches ADD COLUMN shape TEXT NOT NULL DEFAULT 'tractor';
ALTER TABLE matches ADD COLUMN winners TEXT;
ALTER TABLE hand_results ADD COLUMN shape TEXT NOT NULL DEFAULT 'tractor';

CREATE TABLE match_players_new (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
    user_id INTEGER NOT NULL,
    team INTEGER CHECK (team IN (0, 1)),
    won INTEGER,
    ordinal_before REAL,
    ordinal_after REAL,
    progress_after INTEGER,
    level TEXT,
    PRIMARY KEY (match_id, seat)
);
INSERT INTO match_players_new (match_id, seat, user_id, team, won, ordinal_before, ordinal_after, progress_after)
    SELECT match_id, seat, user_id, team, won, ordinal_before, ordinal_after, progress_after FROM match_players;
DROP TABLE match_players;
ALTER TABLE match_players_new RENAME TO match_players;
CREATE INDEX match_players_user ON match_players (user_id, match_id);
CREATE INDEX matches_shape ON matches (guild_id, shape, finished_at DESC);
