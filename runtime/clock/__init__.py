"""The clock (时钟): timers stored in the database, their registry, the scheduler that fires them and the planner that
decides which timers a table needs."""
