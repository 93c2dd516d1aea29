-- The strong AI's review of a finished hand (the web table's replay, runtime.review): the plays it would have
-- made otherwise, with its choice and the estimated cost, as JSON. ``worlds`` is the number of sampled deals
-- it was computed with: a review asked with another number is computed again. Reviewed once, kept with the table.

CREATE TABLE hand_reviews (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    hand_number INTEGER NOT NULL CHECK (hand_number >= 1),
    worlds INTEGER NOT NULL CHECK (worlds >= 1),
    marks TEXT NOT NULL,                                  -- JSON: a list of marks (runtime.review.Mark)
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, hand_number)
) WITHOUT ROWID;
