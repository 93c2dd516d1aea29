-- Ladder progress may go below level 2 (RULES §8 blocked_gain: deducted_negative): drop 0002's CHECK.
ALTER TABLE ladder DROP CONSTRAINT IF EXISTS ladder_progress_check;
