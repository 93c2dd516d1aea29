-- Queued plays at tables of up to eight seats: see 0015_queued_seats.sql. PostgreSQL changes the CHECK in place.

ALTER TABLE queued_plays DROP CONSTRAINT IF EXISTS queued_plays_seat_check;
ALTER TABLE queued_plays ADD CONSTRAINT queued_plays_seat_check CHECK (seat BETWEEN 0 AND 7);
