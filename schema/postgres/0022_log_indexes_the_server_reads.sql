-- 0022 · The server keeps the indexes of the log that its own statements read (issue 32: the
-- server's CPU per sync). 0003 gave each log table every index the device has, but four of them
-- serve only the device's screens: a workout's history by session and by start, an exercise's
-- history, a workout's exercises by what was performed. No statement of the server reads by them:
-- the sync reads and writes by user and id and pulls by user and change number, the foreign keys'
-- checks and cascades go through the primary and unique keys (user first), the account's export
-- and deletion go by user, and the service finds an open workout through `workouts_one_open`.
-- Each pushed workout still wrote an entry into each of them, 14 of a workout's 98 index
-- entries, `exercise_logs_by_exercise`'s at pages scattered over the user's years (one per
-- exercise), read from the disk and written whole to the write-ahead log after a checkpoint.
-- The keys, the uniques (the device's rules, still enforced here) and the foreign keys stay; a
-- server statement that comes to read by one of these adds its index back. Shipped: never edit.

DROP INDEX IF EXISTS workouts_by_session;
DROP INDEX IF EXISTS workouts_by_start;
DROP INDEX IF EXISTS exercise_logs_by_exercise;
DROP INDEX IF EXISTS exercise_logs_by_workout;
