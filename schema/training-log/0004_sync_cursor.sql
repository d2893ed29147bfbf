-- 0004 · Where this device's last sync with a server stopped: the highest change number
-- (`change_seq`, schema/postgres/0007) it received, per server and user, so that the next sync
-- downloads only the rows changed after it. A device that never synced with that server, as
-- that user, has no row and downloads everything. Shipped: never edit; a change is a new file.
CREATE TABLE sync_cursors (
    server     TEXT    NOT NULL CHECK (server <> ''),
    user_id    TEXT    NOT NULL CHECK (user_id <> ''),
    change_seq INTEGER NOT NULL CHECK (change_seq >= 0),
    PRIMARY KEY (server, user_id)
);
