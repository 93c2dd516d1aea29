-- The public ladder page of a server (off by default): a row while it is on, its token is the link's secret part.
-- Turning the page off deletes the row (the link answers 404); turning it on again makes a new token.

CREATE TABLE ladder_pages (
    guild_id INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    created_at REAL NOT NULL,
    PRIMARY KEY (guild_id)
);
