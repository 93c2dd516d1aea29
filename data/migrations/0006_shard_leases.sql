-- Shard leases (several bot processes on one PostgreSQL database): a table belongs to the shard of its guild,
-- (guild_id >> 22) % shard_count. A process that starts claims its shards: it writes its own owner token
-- (and a new epoch) here. Committing an action checks that the table's shard is still leased to the
-- committing process, so a process that lost its shards to a restarted one can never write to their tables.

CREATE TABLE shard_leases (
    shard INTEGER NOT NULL PRIMARY KEY CHECK (shard >= 0),
    shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
    owner TEXT NOT NULL,
    epoch INTEGER NOT NULL DEFAULT 1,
    claimed_at REAL NOT NULL
);
