-- Queued plays at tables of up to eight seats (RULES §13.1: 4–8 players): the seat CHECK of 0005 (0–3) becomes 0–7,
-- by rebuilding the table (SQLite cannot change a CHECK). Stored plays are kept.

CREATE TABLE queued_plays_new (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
    cards TEXT NOT NULL,
    version INTEGER NOT NULL CHECK (version >= 0),
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
INSERT INTO queued_plays_new (table_id, seat, cards, version, created_at)
    SELECT table_id, seat, cards, version, created_at FROM queued_plays;
DROP TABLE queued_plays;
ALTER TABLE queued_plays_new RENAME TO queued_plays;
