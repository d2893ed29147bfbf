-- 0011 · A whole sync in one call: `sync_exchange(changes, since)` runs `sync_push(changes)`, then
-- `sync_pull(since)`, in one statement and so in one transaction, and answers `{"pushed": <what
-- sync_push answers>, "pulled": <what sync_pull answers>}`. The pull reads after the push wrote,
-- so it counts the rows just pushed for the cursor and sends back only what 0010 sends back. The
-- app makes one `rpc` request instead of two; `traindb sync` saves a round trip and a statement.
-- Within it, the statements of both functions keep one plan per connection
-- (`plan_cache_mode = force_generic_plan`) instead of being planned again with each call's values:
-- their shape never depends on the values (each reads one user's rows through that table's
-- (user_id, change_seq) or (user_id, id) index, with or without the values known).
-- Shipped: never edit.

CREATE FUNCTION sync_exchange(changes jsonb, since bigint) RETURNS jsonb LANGUAGE plpgsql SECURITY INVOKER
SET search_path = public, pg_temp
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    pushed jsonb;
BEGIN
    -- Two statements, so that the pull reads with a snapshot taken after the push wrote.
    pushed := sync_push(changes);
    RETURN jsonb_build_object('pushed', pushed, 'pulled', sync_pull(since));
END
$$;

REVOKE ALL ON FUNCTION sync_exchange(jsonb, bigint) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION sync_exchange(jsonb, bigint) TO authenticated, service_role;
