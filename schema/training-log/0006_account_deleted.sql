-- 0006 · Accounts this device learnt were deleted on a server (business rules §12, revised): the
-- server, the user and when the server says the account and its data were deleted. A sync as
-- that user with that server finds it first and refuses at once, sending nothing and writing
-- nothing; the log itself is kept as it was until the user deletes it here too. Shipped: never
-- edit; a change is a new file.
CREATE TABLE deleted_accounts (
    server     TEXT NOT NULL CHECK (server <> ''),
    user_id    TEXT NOT NULL CHECK (user_id <> ''),
    deleted_at TEXT NOT NULL CHECK (deleted_at <> ''),
    PRIMARY KEY (server, user_id)
);
