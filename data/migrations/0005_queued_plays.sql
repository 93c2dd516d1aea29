-- Plays a player queued for their next turn (one per seat), kept across restarts. ``version`` is the
-- table's action count when the play was queued: a stored play is still wanted only if the seat has not
-- played since (the runtime checks the action log after it when it restores the table).

CREATE TABLE queued_plays (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    cards TEXT NOT NULL,                                  -- JSON: canonical card strings, e.g. ["10H", "10H"]
    version INTEGER NOT NULL CHECK (version >= 0),
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
