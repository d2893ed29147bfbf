-- 0002 · Moments as every TrainDB store writes them: UTC text to the millisecond with a T and a
-- Z (`2026-01-05T07:30:00.000Z`), as the training log and GymTrack do and PostgreSQL reads as a
-- timestamptz. Journals made before wrote SQLite's `2026-01-05 07:30:00.000`; the dates and
-- every other column are unchanged. Shipped: never edit.

UPDATE settings SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', updated_at);
UPDATE workouts SET logged_at = strftime('%Y-%m-%dT%H:%M:%fZ', logged_at);
UPDATE check_ins SET checked_in_at = strftime('%Y-%m-%dT%H:%M:%fZ', checked_in_at);
