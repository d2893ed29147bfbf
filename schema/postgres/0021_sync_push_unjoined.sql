-- 0021 · The push's statements with fewer steps (issue 32: the server's CPU per sync). Each table's
-- push statement (0013, 0016, 0018) read the device's rows (`i`) and their classification
-- (`classified`) as two results and joined them again by id, by hashing, three times: for the
-- insert, for the update and for the answer. PostgreSQL starts every step of a plan at each
-- execution, rows or none, so the three joins and their hash tables cost at every push of every
-- table with rows. Each row is now classified with its values, and the insert, the update and the
-- answer read those rows alone. The same rows are inserted, updated, refused and answered, with
-- the same bounds, refusals, guard, row-level security, signatures and grants (CREATE OR REPLACE
-- keeps them); `sync_define_functions()` is 0018's but for that statement. Shipped: never edit.

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
    pulled_tables text := '';
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
        -- The same rows, as one branch of the single statement that pulls in `sync_exchange`.
        pulled_tables := pulled_tables || format($pulled$
        SELECT %4$L, coalesce(jsonb_agg(jsonb_build_object(%1$s) ORDER BY t.id) FILTER (WHERE %3$s), '[]'),
               max(t.change_seq)
        FROM %2$I AS t WHERE t.user_id = me AND t.change_seq > since
        UNION ALL$pulled$, fields, log_table,
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
        -- over a bound is classified as refused, written by nothing, and refuses the push. Each
        -- row is classified with its values, so that the insert, the update and the answer read
        -- the classified rows alone (0021).
        pushes := pushes || format($push$
    pushed_rows := changes -> 'tables' -> %9$L;
    IF coalesce(jsonb_array_length(pushed_rows), 0) > 0 THEN
        WITH c AS (
            SELECT i.*, s.updated_at AS current, CASE
                WHEN i.refusal IS NOT NULL THEN 'refused'
                WHEN s.id IS NULL AND EXISTS (
                    SELECT 1 FROM deleted_rows AS d WHERE d.row_id = i.id AND d.user_id = me
                ) THEN 'deleted'
                WHEN s.id IS NULL THEN 'insert'
                WHEN s.id = i.id AND s.updated_at = i.updated_at AND ROW(%5$s) IS NOT DISTINCT FROM ROW(%6$s)
                    THEN 'same'
                WHEN s.updated_at = i.base THEN 'update'
                ELSE 'conflict' END AS action
            FROM (SELECT r.*, %11$s AS refusal
                  FROM jsonb_to_recordset(pushed_rows) AS r(%1$s, base timestamptz)) AS i
            LEFT JOIN LATERAL (SELECT * FROM %7$I AS s WHERE %8$s OFFSET 0) AS s ON true),
        inserted AS (
            INSERT INTO %7$I (user_id, %2$s)
            SELECT me, %3$s FROM c AS i WHERE i.action = 'insert'
            RETURNING 1),
        updated AS (
            UPDATE %7$I AS s SET %4$s
            FROM c AS i WHERE i.action = 'update' AND %8$s
            RETURNING 1)
        SELECT coalesce(jsonb_agg(jsonb_build_object(
                   'table', %9$L, 'id', c.id::text, 'action', c.action,
                   'device', to_char(c.updated_at AT TIME ZONE 'UTC', %10$L),
                   'server', to_char(c.current AT TIME ZONE 'UTC', %10$L)) ORDER BY c.id)
                   FILTER (WHERE everything OR c.action <> 'insert'), '[]'),
               min(%9$L || ' ' || c.id || ': ' || c.refusal)
            INTO answer, refused
            FROM c;
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
    -- Every row's outcome, or (`"answer": "short"`, migration 0018) all but the rows inserted.
    everything constant boolean := changes ->> 'answer' IS DISTINCT FROM 'short';
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

    -- `sync_push(changes)`, then `sync_pull(since)`, in one function: the same checks, writes
    -- and rows, the guard run once, the pull one statement, and the user's subscription.
    EXECUTE format($define$
CREATE OR REPLACE FUNCTION sync_exchange(changes jsonb, since bigint) RETURNS jsonb LANGUAGE plpgsql
SECURITY INVOKER SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $body$
DECLARE
    me uuid;
    size integer := coalesce(jsonb_array_length(changes -> 'deletions'), 0)%2$s;
    -- Every row's outcome, or (`"answer": "short"`, migration 0018) all but the rows inserted.
    everything constant boolean := changes ->> 'answer' IS DISTINCT FROM 'short';
    answers jsonb := '[]';
    pushed_rows jsonb;
    answer jsonb;
    refused text;
    written_here xid;
    tables jsonb;
    cursor_now bigint;
BEGIN
    IF size > 2000 THEN
        RAISE EXCEPTION 'nothing synced: a push carries at most 2000 rows and deletions, and this one carries %%', size
            USING ERRCODE = 'PT413', HINT = 'send them in several pushes of at most 2000 (traindb sync does)';
    END IF;
    -- One user's syncs take turns; the guard runs once the turn is taken.
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
    -- The pull, a statement of its own (its snapshot taken after the push wrote): a row per
    -- table, then the tombstones and the subscription.
    written_here := pg_current_xact_id_if_assigned()::xid;
    SELECT jsonb_object_agg(p.name, p.rows), greatest(since, max(p.last))
        INTO tables, cursor_now
        FROM (%3$s
        SELECT 'deleted', coalesce(jsonb_agg(d.row_id::text ORDER BY d.change_seq), '[]'), max(d.change_seq)
        FROM deleted_rows AS d WHERE d.user_id = me AND d.change_seq > since
        UNION ALL
        SELECT 'subscription', (
            SELECT jsonb_build_object(
                'plan', s.plan, 'expires_at', to_char(s.expires_at AT TIME ZONE 'UTC', %4$L),
                'is_trial', s.is_trial, 'in_billing_retry', s.in_billing_retry,
                'grace_period_ends_at', to_char(s.grace_period_ends_at AT TIME ZONE 'UTC', %4$L),
                'revoked_at', to_char(s.revoked_at AT TIME ZONE 'UTC', %4$L), 'will_renew', s.will_renew,
                'checked_at', to_char(now() AT TIME ZONE 'UTC', %4$L))
            FROM subscriptions AS s WHERE s.user_id = me), NULL::bigint) AS p (name, rows, last);
    RETURN jsonb_build_object(
        'pushed', answers,
        'pulled', jsonb_build_object(
            'tables', tables - 'deleted' - 'subscription', 'deleted', tables -> 'deleted', 'cursor', cursor_now),
        'subscription', tables -> 'subscription');
END
$body$
$define$, pushes, sizes, pulled_tables, stamp);
END
$$;

REVOKE ALL ON FUNCTION sync_define_functions() FROM PUBLIC, anon, authenticated, service_role;
SELECT sync_define_functions();
