-- 0014 · Deleting an account reaches every device (business rules §12, revised): the server keeps
-- a record that the account and its data were deleted, and when, and nothing else of the user's;
-- a sync of that user from any device afterwards writes nothing, pulls nothing, and says so.
--
-- - `deleted_accounts`: one row per deleted account, its user id (`account_id`) and when its data
--   was deleted (the first time: deleting again keeps it). It is no user table (no `user_id`
--   column, so `user_tables()` leaves it out: never exported, never erased with the user's rows),
--   no app role holds any privilege on it, and row-level security is on with no policy: only
--   the functions below, as the migrations' owner, write and read it.
-- - `delete_my_data()` (0004) erases the user's rows and records the deletion in one
--   transaction. To write the record it runs as the migrations' owner (SECURITY DEFINER), which
--   row-level security does not confine, so it names the user as the request proves it
--   (`auth.uid()`) and erases that user's rows alone, as before.
-- - Deleting the user from Supabase Auth records the deletion the same way.
-- - `sync_guard()` (0013), which `sync_push` and `sync_pull` (and so `sync_exchange`) run before
--   touching anything, refuses a deleted account with SQLSTATE PT410 (PostgREST answers HTTP 410
--   Gone): the message says when, and its DETAIL is `deleted_at=<moment>` for the device to keep.
--   A device whose token is still valid (up to an hour after the deletion) can thus push no row
--   back into the deleted account.
-- Shipped: never edit.

CREATE TABLE deleted_accounts (
    account_id uuid        NOT NULL PRIMARY KEY,
    deleted_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE deleted_accounts ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE deleted_accounts FROM PUBLIC, anon, authenticated, service_role;

-- Records that `target`'s account and data were deleted, now, unless it already was.
CREATE FUNCTION record_account_deletion(target uuid) RETURNS void LANGUAGE sql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
    INSERT INTO deleted_accounts (account_id) VALUES (target) ON CONFLICT (account_id) DO NOTHING
$$;
REVOKE ALL ON FUNCTION record_account_deletion(uuid) FROM PUBLIC, anon, authenticated, service_role;

-- Deletes everything the signed-in user owns and records it, in one transaction: `{"workouts": 12, …}`.
CREATE OR REPLACE FUNCTION delete_my_data() RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
    me uuid := auth.uid();
    deleted jsonb;
BEGIN
    deleted := erase_user_rows(me);
    PERFORM record_account_deletion(me);
    RETURN deleted;
END
$$;
REVOKE ALL ON FUNCTION delete_my_data() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION delete_my_data() TO authenticated, service_role;

-- Deleting the user from Supabase Auth: their rows go, and the deletion is recorded.
CREATE OR REPLACE FUNCTION erase_deleted_auth_user() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    PERFORM erase_user_rows(OLD.id);
    PERFORM record_account_deletion(OLD.id);
    RETURN OLD;
END
$$;
REVOKE ALL ON FUNCTION erase_deleted_auth_user() FROM PUBLIC, anon, authenticated, service_role;

-- The user a call of the sync's functions runs for: a refusal when the request names none, or
-- names an account that was deleted.
CREATE OR REPLACE FUNCTION sync_guard() RETURNS uuid LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
    me uuid := auth.uid();
    deleted timestamptz;
BEGIN
    IF me IS NULL THEN
        RAISE EXCEPTION 'nothing to sync: the request carries no signed-in user'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    SELECT d.deleted_at INTO deleted FROM deleted_accounts AS d WHERE d.account_id = me;
    IF FOUND THEN
        RAISE EXCEPTION 'nothing synced: the account % and its data were deleted at %', me,
            to_char(deleted AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            USING ERRCODE = 'PT410',
                DETAIL = 'deleted_at=' || to_char(deleted AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                HINT = 'the account is gone for good; nothing of this device goes to the server again';
    END IF;
    RETURN me;
END
$$;
REVOKE ALL ON FUNCTION sync_guard() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION sync_guard() TO authenticated, service_role;
