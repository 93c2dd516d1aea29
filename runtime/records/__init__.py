"""A server's records: players' names, seasons, the ladder and player cards, hand replays and their AI review."""
