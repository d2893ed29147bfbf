-- 0008 · The sync protocol, in the database: `sync_push(changes)` takes a device's changes and
-- `sync_pull(since)` gives back what changed after a change number. Both run as the caller
-- (SECURITY INVOKER) under row-level security and name the caller (`auth.uid()`) in every
-- statement as well, so the app calls them through Supabase's API (`rpc`) exactly as `traindb
-- sync` does over a direct connection, and neither can touch another user's rows. Rows travel
-- in the device's formats (business rules §13): moments `YYYY-MM-DDTHH:MM:SS.SSSZ` in UTC, dates
-- `YYYY-MM-DD`, flags 0 or 1, uuids and JSON as text. Shipped: never edit.

-- The tables a device syncs, parents first.
CREATE FUNCTION sync_tables() RETURNS text[] LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
    SELECT ARRAY['user_settings', 'profiles', 'programmes', 'workouts', 'exercise_logs', 'logged_sets']
$$;

-- A synced table's columns as a device holds them: all but the owner and the change number.
CREATE FUNCTION sync_columns(table_name text) RETURNS TABLE (name text, type text)
LANGUAGE sql STABLE SET search_path = pg_catalog AS $$
    SELECT a.attname::text, format_type(a.atttypid, a.atttypmod)
    FROM pg_attribute AS a
    WHERE a.attrelid = to_regclass('public.' || quote_ident(table_name)) AND a.attnum > 0
      AND NOT a.attisdropped AND a.attname NOT IN ('user_id', 'change_seq')
    ORDER BY a.attnum
$$;

-- The expression giving column `name` of row `t` in the device's format.
CREATE FUNCTION sync_device_value(name text, type text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
    SELECT CASE type
        WHEN 'timestamp with time zone'
            THEN format('to_char(t.%I AT TIME ZONE ''UTC'', ''YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'')', name)
        WHEN 'date' THEN format('to_char(t.%I, ''YYYY-MM-DD'')', name)
        WHEN 'boolean' THEN format('t.%I::int', name)
        WHEN 'uuid' THEN format('t.%I::text', name)
        WHEN 'jsonb' THEN format('t.%I::text', name)
        ELSE format('t.%I', name)
    END
$$;

-- What changed for the caller after change number `since` (0: everything):
-- `{"tables": {"workouts": [rows], …}, "deleted": [row ids], "cursor": N}`, where N is the
-- number to pass next time.
CREATE FUNCTION sync_pull(since bigint) RETURNS jsonb LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp AS $$
DECLARE
    me uuid := auth.uid();
    tables jsonb := '{}';
    cursor_now bigint := since;
    log_table text;
    fields text;
    rows jsonb;
    last bigint;
BEGIN
    IF me IS NULL THEN
        RAISE EXCEPTION 'nothing to sync: the request carries no signed-in user'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    FOREACH log_table IN ARRAY sync_tables() LOOP
        SELECT string_agg(format('%L, %s', c.name, sync_device_value(c.name, c.type)), ', ')
            INTO fields FROM sync_columns(log_table) AS c;
        EXECUTE format(
            'SELECT coalesce(jsonb_agg(jsonb_build_object(%s) ORDER BY t.id), ''[]''), '
            'coalesce(max(t.change_seq), 0) FROM %I AS t WHERE t.user_id = $1 AND t.change_seq > $2',
            fields, log_table)
            INTO rows, last USING me, since;
        tables := jsonb_set(tables, ARRAY[log_table], rows);
        cursor_now := greatest(cursor_now, last);
    END LOOP;
    SELECT coalesce(jsonb_agg(d.row_id::text ORDER BY d.change_seq), '[]'), coalesce(max(d.change_seq), 0)
        INTO rows, last FROM deleted_rows AS d WHERE d.user_id = me AND d.change_seq > since;
    RETURN jsonb_build_object('tables', tables, 'deleted', rows, 'cursor', greatest(cursor_now, last));
END
$$;

-- Takes a device's changes, `{"deletions": [{row_id, table_name, deleted_at}], "tables":
-- {"workouts": [rows, each with its "base": the updated_at the device last synced], …}}`:
-- records the deletions and deletes those rows, then classifies each row (insert; update when
-- the server still holds its base; same when the server already holds its content; deleted
-- when a device of the user deleted it; else conflict, the server's row kept) and writes the
-- inserts and updates. Returns `[{table, id, action, device, server}]` (the updated_at of the
-- device's row and of the server's). One user's pushes take turns (a lock per user).
CREATE FUNCTION sync_push(changes jsonb) RETURNS jsonb LANGUAGE plpgsql SECURITY INVOKER
SET search_path = public, pg_temp AS $$
DECLARE
    me uuid := auth.uid();
    stamp constant text := 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
    outcome jsonb := '[]';
    part jsonb;
    log_table text;
    one_per_user boolean;
    record_type text;
    names text;
    incoming text;
    assignments text;
    server_content text;
    device_content text;
    matching text;
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
        FOREACH log_table IN ARRAY ARRAY['logged_sets', 'exercise_logs', 'workouts', 'programmes'] LOOP
            EXECUTE format(
                'DELETE FROM %I WHERE user_id = $1 AND id IN (SELECT row_id FROM deleted_rows WHERE user_id = $1)',
                log_table) USING me;
        END LOOP;
    END IF;
    FOREACH log_table IN ARRAY sync_tables() LOOP
        CONTINUE WHEN coalesce(jsonb_array_length(changes -> 'tables' -> log_table), 0) = 0;
        one_per_user := log_table IN ('user_settings', 'profiles');
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
        matching := CASE WHEN one_per_user THEN 's.user_id = $2' ELSE 's.id = i.id AND s.user_id = $2' END;
        EXECUTE format($push$
            WITH i AS (SELECT * FROM jsonb_to_recordset($1) AS r(%1$s, base timestamptz)),
            classified AS (
                SELECT i.id, s.updated_at AS current, CASE
                    WHEN s.id IS NULL AND EXISTS (
                        SELECT 1 FROM deleted_rows AS d WHERE d.row_id = i.id AND d.user_id = $2
                    ) THEN 'deleted'
                    WHEN s.id IS NULL THEN 'insert'
                    WHEN ROW(%5$s) IS NOT DISTINCT FROM ROW(%6$s) THEN 'same'
                    WHEN s.updated_at = i.base THEN 'update'
                    ELSE 'conflict' END AS action
                FROM i LEFT JOIN %7$I AS s ON %8$s),
            inserted AS (
                INSERT INTO %7$I (%2$s)
                SELECT %3$s FROM i JOIN classified AS c ON c.id = i.id WHERE c.action = 'insert'
                RETURNING 1),
            updated AS (
                UPDATE %7$I AS s SET %4$s
                FROM i JOIN classified AS c ON c.id = i.id WHERE c.action = 'update' AND %8$s
                RETURNING 1)
            SELECT coalesce(jsonb_agg(jsonb_build_object(
                'table', %9$L, 'id', c.id::text, 'action', c.action,
                'device', to_char(i.updated_at AT TIME ZONE 'UTC', %10$L),
                'server', to_char(c.current AT TIME ZONE 'UTC', %10$L)) ORDER BY c.id), '[]')
            FROM classified AS c JOIN i ON i.id = c.id
            $push$, record_type, names, incoming, assignments, server_content, device_content, log_table, matching,
            log_table, stamp)
            INTO part USING changes -> 'tables' -> log_table, me;
        outcome := outcome || part;
    END LOOP;
    RETURN outcome;
END
$$;

REVOKE ALL ON FUNCTION sync_tables(), sync_columns(text), sync_device_value(text, text), sync_pull(bigint),
    sync_push(jsonb) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION sync_tables(), sync_columns(text), sync_device_value(text, text), sync_pull(bigint),
    sync_push(jsonb) TO authenticated, service_role;
