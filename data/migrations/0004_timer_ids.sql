-- Timer ids are never reused (AUTOINCREMENT): a handler that deletes its own timer and adds a new one
-- cannot get the old id back, so deleting the fired timer afterwards never drops the new one.

CREATE TABLE timers_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    table_id INTEGER REFERENCES game_tables (id) ON DELETE CASCADE,
    due_at REAL NOT NULL,
    payload TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL
);
INSERT INTO timers_new (id, kind, table_id, due_at, payload, created_at)
    SELECT id, kind, table_id, due_at, payload, created_at FROM timers;
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_due ON timers (due_at);
CREATE INDEX timers_table ON timers (table_id, kind);
