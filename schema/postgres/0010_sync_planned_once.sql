-- 0010 · The sync protocol's statements planned once per connection instead of on every call.
-- 0008's `sync_push` and `sync_pull` build each table's statement from the system catalogue and
-- EXECUTE it, so every sync paid for planning a dozen statements: most of a small sync's time
-- on the server. `sync_define_functions()` builds the same statements from the same catalogue
-- once, and writes them out as the bodies of new `sync_push` and `sync_pull`, whose plans
-- PL/pgSQL keeps for the life of a connection: a pooled connection (Supabase's API keeps one)
-- plans them once. Signatures, answers and rules are 0008's, with one saving: a row the same
-- transaction wrote is the caller's own push, which `sync_pull` counts for the cursor but does
-- not send back (`traindb sync` pushes and pulls in one transaction; an app that calls the two
-- in separate requests gets its rows back as before); rows whose text the server normalises
-- still go back. A later migration that changes a synced table's columns runs
-- `SELECT sync_define_functions()` again. Shipped: never edit.

CREATE FUNCTION sync_define_functions() RETURNS void LANGUAGE plpgsql
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
    pulls text := '';
    pushes text := '';
BEGIN
    FOREACH log_table IN ARRAY sync_tables() LOOP
        one_per_user := log_table IN ('user_settings', 'profiles');
        SELECT string_agg(format('%L, %s', c.name, sync_device_value(c.name, c.type)), ', ')
            INTO fields FROM sync_columns(log_table) AS c;
        -- The caller's rows changed after `since`, in the device's formats, and the highest
        -- change number among them. A row this transaction wrote counts for the cursor but is
        -- not sent, unless the device's copy may differ from the server's: a settings row or a
        -- profile (matched by its owner, its id is the server's) and a row whose text the
        -- server normalises (JSON, decimals), so that every device holds the same text.
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
        matching := CASE WHEN one_per_user THEN 's.user_id = me' ELSE 's.id = i.id AND s.user_id = me' END;
        -- Classifies and writes the device's rows of the table, as 0008's `sync_push` does.
        pushes := pushes || format($push$
    pushed_rows := changes -> 'tables' -> %9$L;
    IF coalesce(jsonb_array_length(pushed_rows), 0) > 0 THEN
        WITH i AS (SELECT * FROM jsonb_to_recordset(pushed_rows) AS r(%1$s, base timestamptz)),
        classified AS (
            SELECT i.id, s.updated_at AS current, CASE
                WHEN s.id IS NULL AND EXISTS (
                    SELECT 1 FROM deleted_rows AS d WHERE d.row_id = i.id AND d.user_id = me
                ) THEN 'deleted'
                WHEN s.id IS NULL THEN 'insert'
                WHEN ROW(%5$s) IS NOT DISTINCT FROM ROW(%6$s) THEN 'same'
                WHEN s.updated_at = i.base THEN 'update'
                ELSE 'conflict' END AS action
            FROM i LEFT JOIN %7$I AS s ON %8$s),
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
            'server', to_char(c.current AT TIME ZONE 'UTC', %10$L)) ORDER BY c.id), '[]')
            INTO answer
            FROM classified AS c JOIN i ON i.id = c.id;
        answers := answers || answer;
    END IF;
$push$, record_type, names, incoming, assignments, server_content, device_content, log_table, matching,
            log_table, stamp);
    END LOOP;

    -- What changed for the caller after change number `since` (0: everything):
    -- `{"tables": {"workouts": [rows], …}, "deleted": [row ids], "cursor": N}`, where N is the
    -- number to pass next time.
    EXECUTE format($define$
CREATE OR REPLACE FUNCTION sync_pull(since bigint) RETURNS jsonb LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp AS $body$
DECLARE
    me uuid := auth.uid();
    written_here xid := pg_current_xact_id_if_assigned()::xid;
    tables jsonb := '{}';
    cursor_now bigint := since;
    rows jsonb;
    last bigint;
BEGIN
    IF me IS NULL THEN
        RAISE EXCEPTION 'nothing to sync: the request carries no signed-in user'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
%1$s
    SELECT coalesce(jsonb_agg(d.row_id::text ORDER BY d.change_seq), '[]'), coalesce(max(d.change_seq), 0)
        INTO rows, last FROM deleted_rows AS d WHERE d.user_id = me AND d.change_seq > since;
    RETURN jsonb_build_object('tables', tables, 'deleted', rows, 'cursor', greatest(cursor_now, last));
END
$body$
$define$, pulls);

    -- Takes a device's changes, `{"deletions": [{row_id, table_name, deleted_at}], "tables":
    -- {"workouts": [rows, each with its "base": the updated_at the device last synced], …}}`:
    -- records the deletions and deletes those rows, then classifies each row (insert; update
    -- when the server still holds its base; same when the server already holds its content;
    -- deleted when a device of the user deleted it; else conflict, the server's row kept) and
    -- writes the inserts and updates. Returns `[{table, id, action, device, server}]` (the
    -- updated_at of the device's row and of the server's). One user's pushes take turns.
    EXECUTE format($define$
CREATE OR REPLACE FUNCTION sync_push(changes jsonb) RETURNS jsonb LANGUAGE plpgsql SECURITY INVOKER
SET search_path = public, pg_temp AS $body$
DECLARE
    me uuid := auth.uid();
    answers jsonb := '[]';
    pushed_rows jsonb;
    answer jsonb;
BEGIN
    IF me IS NULL THEN
        RAISE EXCEPTION 'nothing to sync: the request carries no signed-in user'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    PERFORM pg_advisory_xact_lock(hashtextextended(me::text, 0));
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
$define$, pushes);
END
$$;

REVOKE ALL ON FUNCTION sync_define_functions() FROM PUBLIC, anon, authenticated, service_role;
SELECT sync_define_functions();
