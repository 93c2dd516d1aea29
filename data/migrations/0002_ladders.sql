-- Per-server ladders by season, finished matches and settled hands.

CREATE TABLE seasons (
    guild_id INTEGER NOT NULL,
    season INTEGER NOT NULL CHECK (season >= 1),
    started_at REAL NOT NULL,
    ended_at REAL,
    PRIMARY KEY (guild_id, season)
);

-- One row per human player, server and season. progress = laps * 13 + index of the level in 2..A.
CREATE TABLE ladder (
    guild_id INTEGER NOT NULL,
    season INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0 CHECK (progress >= 0),
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

CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    table_id INTEGER UNIQUE REFERENCES game_tables (id) ON DELETE SET NULL,
    season INTEGER NOT NULL,
    seats TEXT NOT NULL,            -- JSON: per seat {"user": id} | {"ai": level} | null
    winner_team INTEGER CHECK (winner_team IN (0, 1)),
    ranked INTEGER NOT NULL CHECK (ranked IN (0, 1)),
    hands INTEGER NOT NULL,
    finished_at REAL NOT NULL
);

CREATE TABLE match_players (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id INTEGER NOT NULL,
    team INTEGER NOT NULL CHECK (team IN (0, 1)),
    won INTEGER,
    ordinal_before REAL,
    ordinal_after REAL,
    PRIMARY KEY (match_id, seat)
);

-- Settled hands (HandResult as JSON), kept after the table is gone.
CREATE TABLE hand_results (
    table_id INTEGER NOT NULL,
    hand_number INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    season INTEGER NOT NULL,
    seats TEXT NOT NULL,
    result TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, hand_number)
);
