-- Tables (one game each), their action logs and snapshots, timers, server settings.
-- Times are Unix seconds (REAL). JSON columns hold compact JSON text.

CREATE TABLE game_tables (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    thread_id INTEGER,
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    host_id INTEGER NOT NULL,
    seats TEXT NOT NULL DEFAULT '[null,null,null,null]',  -- JSON: per seat {"user": id} | {"ai": level} | null
    rules TEXT NOT NULL,                                  -- JSON: Rules.to_json()
    mode TEXT NOT NULL CHECK (mode IN ('live', 'async')),
    settings TEXT NOT NULL DEFAULT '{}',                  -- JSON: timeouts, reminders, AI level, …
    status TEXT NOT NULL DEFAULT 'lobby' CHECK (status IN ('lobby', 'playing', 'finished', 'ended')),
    seed INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);

-- The action log: action seq (1-based) of a table, committed before the bot acknowledges it.
CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    action TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

-- Engine state (Table.to_json()) after the first `seq` actions; kind 'hand' = a hand just ended.
CREATE TABLE snapshots (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    hand_number INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('hand', 'periodic')),
    state BLOB NOT NULL,                                  -- zlib-compressed JSON (plain JSON text in old rows)
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE timers (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    table_id INTEGER REFERENCES game_tables (id) ON DELETE CASCADE,
    due_at REAL NOT NULL,
    payload TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL
);
CREATE INDEX timers_due ON timers (due_at);

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}',
    updated_at REAL NOT NULL
);

CREATE TABLE dm_notify (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    enabled INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    PRIMARY KEY (guild_id, user_id)
);
