-- 0003 · Moments as every TrainDB store writes them: UTC text to the millisecond
-- (`2026-01-05T07:00:00.000Z`), as the training log and the journal do. Stores made before
-- wrote them to the second (`2026-01-05T07:00:00Z`); the same moments, now in one encoding.
-- Shipped: never edit.

UPDATE sessions SET started_at = strftime('%Y-%m-%dT%H:%M:%fZ', started_at);
UPDATE open_session SET started_at = strftime('%Y-%m-%dT%H:%M:%fZ', started_at);
UPDATE open_session_steps SET checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', checked_at);
