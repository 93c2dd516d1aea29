-- Indexes for start-up restore, message look-ups, leaderboards and history.

CREATE INDEX game_tables_status ON game_tables (status);
CREATE INDEX game_tables_guild ON game_tables (guild_id, channel_id);
CREATE INDEX game_tables_thread ON game_tables (thread_id);
CREATE INDEX snapshots_kind ON snapshots (table_id, kind, hand_number);
CREATE INDEX timers_table ON timers (table_id, kind);
CREATE INDEX ladder_rating ON ladder (guild_id, season, ordinal DESC);
CREATE INDEX ladder_level ON ladder (guild_id, season, progress DESC);
CREATE INDEX matches_guild ON matches (guild_id, finished_at DESC);
CREATE INDEX match_players_user ON match_players (user_id, match_id);
