-- Tournaments (比赛): the whole state as one JSON document (runtime.tournament.Tournament.to_json()),
-- written in one statement per change, so a crash leaves either the old or the new state. The columns
-- beside it are what look-ups need. Times are Unix seconds (REAL).

CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    state TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, status);

-- Final placings, one row per player: the per-server ladder's record of tournament results.
CREATE TABLE tournament_placings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    team_name TEXT NOT NULL,
    final_rank INTEGER NOT NULL CHECK (final_rank >= 1),
    teams INTEGER NOT NULL CHECK (teams >= 1),
    points REAL NOT NULL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_placings_guild ON tournament_placings (guild_id, user_id);
