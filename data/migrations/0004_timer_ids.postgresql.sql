-- PostgreSQL: timer ids come from an identity column, whose sequence never hands out an id twice; the
-- SQLite table rebuild of this migration (AUTOINCREMENT) has nothing to do here.
SELECT 1;
