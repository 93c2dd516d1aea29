-- The display name a player was seen with at their last interaction on a server (the bot has no members
-- intent, so it cannot ask Discord for the name of somebody who is not interacting): the ladder, /stats,
-- /history and season pictures name players by it. One row per server and user, replaced when it changes.

CREATE TABLE player_names (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    seen_at REAL NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
