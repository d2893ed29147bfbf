-- 0007 · The user's subscription as the server last told this device (business rules §14): a
-- copy of the user's row of the server's `subscriptions` (schema/postgres/0015), replaced by
-- every sync (and removed when the server holds none), never sent up: only the service writes
-- subscriptions, from the App Store's verified data. Starting a programme or a workout is
-- refused while the status these facts give at that moment is expired; history, profile,
-- export, deletion and sync never read it. A device without the row (never synced, or a user
-- who never subscribed, whom the paywall and the service stop) gates nothing. Moments are the
-- log's `Timestamp` text. Shipped: never edit; a change is a new file.
CREATE TABLE subscription (
    singleton            INTEGER NOT NULL PRIMARY KEY DEFAULT 1 CHECK (singleton = 1),
    user_id              TEXT    NOT NULL CHECK (user_id <> ''),
    plan                 TEXT    NOT NULL CHECK (plan IN ('monthly', 'annual')),
    expires_at           TEXT    NOT NULL,
    is_trial             INTEGER NOT NULL CHECK (is_trial IN (0, 1)),
    in_billing_retry     INTEGER NOT NULL CHECK (in_billing_retry IN (0, 1)),
    grace_period_ends_at TEXT,
    revoked_at           TEXT,
    will_renew           INTEGER NOT NULL CHECK (will_renew IN (0, 1)),
    -- When the sync read it from the server.
    checked_at           TEXT    NOT NULL
);
