-- 0008 · Whom and when the last sync asked the server for the user's subscription (business
-- rules §14), written by every sync, whether the server held a row or not. Beside 0007's copy of
-- the row, it tells apart a device that has not asked since it could (nothing gated: no row
-- here) from a user the server holds no subscription for, who never started the free trial (no
-- current period: expired, so starting a programme or a workout is refused until the App Store's
-- data reaches the server and a sync brings it down). Never sent up. Moments are the log's
-- `Timestamp` text. Shipped: never edit; a change is a new file.
CREATE TABLE subscription_checked (
    singleton  INTEGER NOT NULL PRIMARY KEY DEFAULT 1 CHECK (singleton = 1),
    user_id    TEXT    NOT NULL CHECK (user_id <> ''),
    checked_at TEXT    NOT NULL CHECK (checked_at <> '')
);
