-- 0013 · The sync, hardened against the ways it was attacked (business rules §13, revised):
-- no app role can write what the sync relies on, and a push is bounded.
--
-- - The change sequence (0007) was writable by `anon` and `authenticated` (Supabase's default
--   privileges grant every role ALL on a new sequence, and nothing took it back): `setval` could
--   make a user's other device miss a change, or make every push fail. Now no role but the
--   migrations' owner holds any privilege on it; the trigger that numbers each change runs as
--   that owner (SECURITY DEFINER), so a user's writes are numbered without their holding it.
--   The trigger functions can no longer be called by anyone else either.
-- - Bounds: a push carries at most 2,000 rows and deletions (a device with more sends several
--   pushes in one sync), and every text and JSON column a list of values does not already bound
--   has a length bound (`sync_bounds()`: names 200 characters, notes 1,000, a questionnaire
--   16 KB, a programme 256 KB), kept by a CHECK on every write from now on (rows already stored
--   are kept as they are: NOT VALID) and checked by `sync_push` before it writes anything, so
--   that an over-long value refuses the whole push with a message naming the row and the column
--   (SQLSTATE 22001) rather than the table's. A push over 2,000 is refused whole with SQLSTATE
--   PT413 (PostgREST answers it as HTTP 413).
-- - `sync_guard()`: what every call of the sync's functions checks before touching anything, the
--   signed-in user it runs for; `sync_push` and `sync_pull` start with it.
-- - Each pushed row is looked up by its key (a LATERAL subquery the planner keeps apart): with the
--   plans kept per connection (0011), the planner took the push for 100 rows and joined by hashing
--   the whole table's rows of the user, every row of five years of history read at every push.
-- - A row is `same` (already on the server, as a replayed push sends it) only when the server holds
--   that very version: the same id, `updated_at` and content. A row of the same content but another
--   version (two devices saving the same settings) was taken as `same` and left each device with
--   its own version, so that they never agreed again; it is now an update, or a conflict the
--   server's row wins, as any other change.
-- Shipped: never edit.

-- The change sequence and the trigger functions: the migrations' owner's alone.
REVOKE ALL ON SEQUENCE log_changes FROM PUBLIC, anon, authenticated, service_role;
ALTER FUNCTION stamp_change() SECURITY DEFINER;
REVOKE ALL ON FUNCTION stamp_change(), profiles_check_age() FROM PUBLIC, anon, authenticated, service_role;

-- The length bounds, per column (`unit`: characters of text, or bytes of JSON text). The device
-- holds the same list (PostgresStore's `SyncBounds`) and refuses before sending.
CREATE FUNCTION sync_bounds() RETURNS TABLE (table_name text, column_name text, most integer, unit text)
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
    VALUES ('user_settings', 'time_zone', 200, 'characters'),
           ('profiles', 'motivations', 200, 'bytes'),
           ('profiles', 'motivation_other', 1000, 'characters'),
           ('programmes', 'programme_id', 200, 'characters'),
           ('programmes', 'questionnaire', 16384, 'bytes'),
           ('programmes', 'programme', 262144, 'bytes'),
           ('workouts', 'session_id', 200, 'characters'),
           ('workouts', 'session_name', 200, 'characters'),
           ('exercise_logs', 'slot_id', 200, 'characters'),
           ('exercise_logs', 'prescribed_exercise_id', 200, 'characters'),
           ('exercise_logs', 'performed_exercise_id', 200, 'characters'),
           ('exercise_logs', 'notes', 1000, 'characters')
$$;

-- Each bound as a CHECK, `<table>_<column>_bounded` (0006 made the one on notes already).
DO $$
DECLARE
    bound record;
BEGIN
    FOR bound IN SELECT * FROM sync_bounds() LOOP
        CONTINUE WHEN EXISTS (
            SELECT 1 FROM pg_constraint
            WHERE conrelid = to_regclass('public.' || quote_ident(bound.table_name))
              AND conname = bound.table_name || '_' || bound.column_name || '_bounded');
        EXECUTE format(
            'ALTER TABLE %I ADD CONSTRAINT %I CHECK (%s(%I%s) <= %s) NOT VALID',
            bound.table_name, bound.table_name || '_' || bound.column_name || '_bounded',
            CASE bound.unit WHEN 'characters' THEN 'char_length' ELSE 'octet_length' END,
            bound.column_name, CASE bound.unit WHEN 'bytes' THEN '::text' ELSE '' END, bound.most);
    END LOOP;
END
$$;

-- The user a call of the sync's functions runs for, or a refusal when the request names none.
CREATE FUNCTION sync_guard() RETURNS uuid LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp AS $$
DECLARE
    me uuid := auth.uid();
BEGIN
    IF me IS NULL THEN
        RAISE EXCEPTION 'nothing to sync: the request carries no signed-in user'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN me;
END
$$;

-- 0010's writer of `sync_push` and `sync_pull`, with the guard and the bounds.
CREATE OR REPLACE FUNCTION sync_define_functions() RETURNS void LANGUAGE plpgsql
SET search_path = public, pg_temp AS $$
DECLARE
    stamp constant text := 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
    log_table text;
    one_per_user boolean;
    sent_back boolean;
    fields text;
    record_type text;
    names text;
    incoming text;
    assignments text;
    server_content text;
    device_content text;
    matching text;
    refusal text;
    sizes text := '';
    pulls text := '';
    pushes text := '';
BEGIN
    FOREACH log_table IN ARRAY sync_tables() LOOP
        one_per_user := log_table IN ('user_settings', 'profiles');
        SELECT string_agg(format('%L, %s', c.name, sync_device_value(c.name, c.type)), ', ')
            INTO fields FROM sync_columns(log_table) AS c;
        -- The caller's rows changed after `since`, as 0010 reads them.
        SELECT one_per_user OR bool_or(c.type = 'jsonb' OR c.type LIKE 'numeric%')
            INTO sent_back FROM sync_columns(log_table) AS c;
        pulls := pulls || format($pull$
    SELECT coalesce(jsonb_agg(jsonb_build_object(%1$s) ORDER BY t.id) FILTER (WHERE %3$s), '[]'),
           coalesce(max(t.change_seq), 0)
        INTO rows, last FROM %2$I AS t WHERE t.user_id = me AND t.change_seq > since;
    tables := tables || jsonb_build_object(%4$L, rows);
    cursor_now := greatest(cursor_now, last);
$pull$, fields, log_table,
            CASE WHEN sent_back THEN 'true' ELSE 't.xmin IS DISTINCT FROM written_here' END, log_table);

        SELECT string_agg(format('%I %s', c.name, CASE WHEN c.type = 'jsonb' THEN 'text' ELSE c.type END), ', '),
               string_agg(quote_ident(c.name), ', '),
               string_agg(format('i.%I', c.name) || CASE WHEN c.type = 'jsonb' THEN '::jsonb' ELSE '' END, ', '),
               string_agg(format('%I = i.%I', c.name, c.name) || CASE WHEN c.type = 'jsonb' THEN '::jsonb' ELSE '' END,
                          ', ') FILTER (WHERE c.name <> 'id'),
               string_agg(format('s.%I', c.name), ', ')
                   FILTER (WHERE c.name <> 'updated_at' AND NOT (one_per_user AND c.name = 'id')),
               string_agg(format('i.%I', c.name) || CASE WHEN c.type = 'jsonb' THEN '::jsonb' ELSE '' END, ', ')
                   FILTER (WHERE c.name <> 'updated_at' AND NOT (one_per_user AND c.name = 'id'))
            INTO record_type, names, incoming, assignments, server_content, device_content
            FROM sync_columns(log_table) AS c;
        -- Why a row cannot be taken (its first value over its bound, as the device counts it:
        -- JSON as the text it sent), or NULL.
        SELECT 'CASE ' || string_agg(format(
                   'WHEN %1$s(r.%2$I) > %3$s THEN format(%4$L, %1$s(r.%2$I)) ',
                   CASE b.unit WHEN 'characters' THEN 'char_length' ELSE 'octet_length' END, b.column_name, b.most,
                   b.column_name || ' is %s ' || b.unit || ' long; at most ' || b.most), '') || 'END'
            INTO refusal FROM sync_bounds() AS b WHERE b.table_name = log_table;
        matching := CASE WHEN one_per_user THEN 's.user_id = me' ELSE 's.id = i.id AND s.user_id = me' END;
        sizes := sizes || format(' + coalesce(jsonb_array_length(changes -> ''tables'' -> %L), 0)', log_table);
        -- Classifies and writes the device's rows of the table, as 0010's `sync_push` does; a row
        -- over a bound is classified as refused, written by nothing, and refuses the push.
        pushes := pushes || format($push$
    pushed_rows := changes -> 'tables' -> %9$L;
    IF coalesce(jsonb_array_length(pushed_rows), 0) > 0 THEN
        WITH i AS (
            SELECT r.*, %11$s AS refusal
            FROM jsonb_to_recordset(pushed_rows) AS r(%1$s, base timestamptz)),
        classified AS (
            SELECT i.id, s.updated_at AS current, CASE
                WHEN i.refusal IS NOT NULL THEN 'refused'
                WHEN s.id IS NULL AND EXISTS (
                    SELECT 1 FROM deleted_rows AS d WHERE d.row_id = i.id AND d.user_id = me
                ) THEN 'deleted'
                WHEN s.id IS NULL THEN 'insert'
                WHEN s.id = i.id AND s.updated_at = i.updated_at AND ROW(%5$s) IS NOT DISTINCT FROM ROW(%6$s)
                    THEN 'same'
                WHEN s.updated_at = i.base THEN 'update'
                ELSE 'conflict' END AS action
            FROM i LEFT JOIN LATERAL (SELECT * FROM %7$I AS s WHERE %8$s OFFSET 0) AS s ON true),
        inserted AS (
            INSERT INTO %7$I (user_id, %2$s)
            SELECT me, %3$s FROM i JOIN classified AS c ON c.id = i.id WHERE c.action = 'insert'
            RETURNING 1),
        updated AS (
            UPDATE %7$I AS s SET %4$s
            FROM i JOIN classified AS c ON c.id = i.id WHERE c.action = 'update' AND %8$s
            RETURNING 1)
        SELECT coalesce(jsonb_agg(jsonb_build_object(
                   'table', %9$L, 'id', c.id::text, 'action', c.action,
                   'device', to_char(i.updated_at AT TIME ZONE 'UTC', %10$L),
                   'server', to_char(c.current AT TIME ZONE 'UTC', %10$L)) ORDER BY c.id), '[]'),
               min(%9$L || ' ' || c.id || ': ' || i.refusal)
            INTO answer, refused
            FROM classified AS c JOIN i ON i.id = c.id;
        IF refused IS NOT NULL THEN
            RAISE EXCEPTION 'nothing synced: %%', refused USING ERRCODE = 'string_data_right_truncation',
                HINT = 'business rules §13 bound every text and JSON value; change it on the device, then sync again';
        END IF;
        answers := answers || answer;
    END IF;
$push$, record_type, names, incoming, assignments, server_content, device_content, log_table, matching,
            log_table, stamp, coalesce(refusal, 'NULL::text'));
    END LOOP;

    -- What changed for the caller after change number `since` (0: everything):
    -- `{"tables": {"workouts": [rows], …}, "deleted": [row ids], "cursor": N}`, where N is the
    -- number to pass next time.
    EXECUTE format($define$
CREATE OR REPLACE FUNCTION sync_pull(since bigint) RETURNS jsonb LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp AS $body$
DECLARE
    me uuid := sync_guard();
    written_here xid := pg_current_xact_id_if_assigned()::xid;
    tables jsonb := '{}';
    cursor_now bigint := since;
    rows jsonb;
    last bigint;
BEGIN
%1$s
    SELECT coalesce(jsonb_agg(d.row_id::text ORDER BY d.change_seq), '[]'), coalesce(max(d.change_seq), 0)
        INTO rows, last FROM deleted_rows AS d WHERE d.user_id = me AND d.change_seq > since;
    RETURN jsonb_build_object('tables', tables, 'deleted', rows, 'cursor', greatest(cursor_now, last));
END
$body$
$define$, pulls);

    -- Takes a device's changes, as 0010's `sync_push` does, at most 2,000 rows and deletions
    -- in all, each value within its bound; refuses the whole push otherwise.
    EXECUTE format($define$
CREATE OR REPLACE FUNCTION sync_push(changes jsonb) RETURNS jsonb LANGUAGE plpgsql SECURITY INVOKER
SET search_path = public, pg_temp AS $body$
DECLARE
    me uuid;
    size integer := coalesce(jsonb_array_length(changes -> 'deletions'), 0)%2$s;
    answers jsonb := '[]';
    pushed_rows jsonb;
    answer jsonb;
    refused text;
BEGIN
    IF size > 2000 THEN
        RAISE EXCEPTION 'nothing synced: a push carries at most 2000 rows and deletions, and this one carries %%', size
            USING ERRCODE = 'PT413', HINT = 'send them in several pushes of at most 2000 (traindb sync does)';
    END IF;
    -- One user's pushes take turns; the guard runs once the turn is taken, so that it sees
    -- whatever the user's other calls committed before.
    PERFORM pg_advisory_xact_lock(hashtextextended(auth.uid()::text, 0));
    me := sync_guard();
    IF coalesce(jsonb_array_length(changes -> 'deletions'), 0) > 0 THEN
        INSERT INTO deleted_rows (row_id, table_name, deleted_at)
        SELECT r.row_id, r.table_name, r.deleted_at
        FROM jsonb_to_recordset(changes -> 'deletions') AS r(row_id uuid, table_name text, deleted_at timestamptz)
        ON CONFLICT (user_id, row_id) DO NOTHING;
        DELETE FROM logged_sets WHERE user_id = me AND id IN (SELECT row_id FROM deleted_rows WHERE user_id = me);
        DELETE FROM exercise_logs WHERE user_id = me AND id IN (SELECT row_id FROM deleted_rows WHERE user_id = me);
        DELETE FROM workouts WHERE user_id = me AND id IN (SELECT row_id FROM deleted_rows WHERE user_id = me);
        DELETE FROM programmes WHERE user_id = me AND id IN (SELECT row_id FROM deleted_rows WHERE user_id = me);
    END IF;
%1$s
    RETURN answers;
END
$body$
$define$, pushes, sizes);
END
$$;

REVOKE ALL ON FUNCTION sync_define_functions() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION sync_bounds(), sync_guard() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION sync_bounds(), sync_guard() TO authenticated, service_role;
SELECT sync_define_functions();
