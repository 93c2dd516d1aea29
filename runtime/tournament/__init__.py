"""Tournaments (比赛): ``TournamentService`` over the game service — entries, tables, forfeits, restore, views."""
