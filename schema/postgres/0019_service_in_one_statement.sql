-- 0019 · The service's requests (`traindb serve`) in one statement each (issue 31: the status's
-- p99). A request as a user used to be a transaction of its own: `BEGIN`, the role and the JWT
-- claims set for the transaction, the read or the write, `COMMIT`: four round trips for the
-- status, five for a generated programme, each one waking the service and a backend again. These
-- functions take the user the service verified in the token, set the role `authenticated` and
-- that user's claims themselves (as Supabase's API sets them, so that row-level security and
-- `auth.uid()` see that user), then read or write as that user: one statement, in the implicit
-- transaction PostgreSQL gives a statement sent alone.
--
-- The role and claims cannot outlive the call: each function carries a `SET` clause, so
-- PostgreSQL puts back on return (or on an error) every setting the function changed, whatever
-- transaction the call ran in; the pooled connection's next request starts as the login role
-- with no claims. The functions are SECURITY INVOKER (SECURITY DEFINER may not change the role),
-- so the caller must be allowed `SET ROLE authenticated`, as the service's login is. Since a
-- caller names the user, no app role may call them: an `authenticated` caller could otherwise
-- name another user (Supabase's API would offer them as RPCs). They are granted to Supabase's
-- `authenticator`, the service's login on Supabase; the migrations' owner can call them too.
-- Shipped: never edit.

-- The user's subscription row (none when they never subscribed), read as that user.
CREATE FUNCTION service_subscription(requester uuid)
RETURNS TABLE (
    plan text, expires_at timestamptz, is_trial boolean, in_billing_retry boolean,
    grace_period_ends_at timestamptz, revoked_at timestamptz, will_renew boolean, cancel_requested_at timestamptz
) LANGUAGE plpgsql SECURITY INVOKER
SET search_path = public, pg_temp SET role = authenticated SET request.jwt.claims = '' AS $$
BEGIN
    PERFORM set_config('request.jwt.claims', json_build_object('sub', requester, 'role', 'authenticated')::text, true);
    RETURN QUERY
        SELECT s.plan, s.expires_at, s.is_trial, s.in_billing_retry, s.grace_period_ends_at, s.revoked_at,
               s.will_renew, s.cancel_requested_at
        FROM subscriptions AS s WHERE s.user_id = (SELECT auth.uid());
END
$$;

-- Stores a generated programme as the user's active one, as that user, in the user's turn (the
-- transaction-scoped advisory lock on the user's id that `sync_exchange` takes): nothing is
-- written while a workout is open (`open_workout` names it); otherwise the active programme is
-- made inactive at `at` and the new one added (`replaced`: the replaced one's programme id, null
-- when there was none).
CREATE FUNCTION service_programme_store(
    requester uuid, at timestamptz, new_id uuid, programme_key text, created date, weeks integer,
    questionnaire_json jsonb, programme_json jsonb
) RETURNS TABLE (replaced text, open_workout text) LANGUAGE plpgsql SECURITY INVOKER
SET search_path = public, pg_temp SET role = authenticated SET request.jwt.claims = '' AS $$
BEGIN
    PERFORM set_config('request.jwt.claims', json_build_object('sub', requester, 'role', 'authenticated')::text, true);
    PERFORM pg_advisory_xact_lock(hashtextextended(requester::text, 0));
    SELECT w.session_name INTO open_workout FROM workouts AS w
    WHERE w.user_id = (SELECT auth.uid()) AND w.state = 'open' LIMIT 1;
    IF open_workout IS NULL THEN
        UPDATE programmes AS p SET is_active = false, replaced_at = at, updated_at = at
        WHERE p.user_id = (SELECT auth.uid()) AND p.is_active
        RETURNING p.programme_id INTO replaced;
        INSERT INTO programmes (id, programme_id, created_date, start_date, total_weeks, questionnaire, programme,
            is_active, started_at, replaced_at, updated_at)
        VALUES (new_id, programme_key, created, created, weeks, questionnaire_json, programme_json, true, at, NULL, at);
    END IF;
    RETURN NEXT;
END
$$;

REVOKE ALL ON FUNCTION service_subscription(uuid),
    service_programme_store(uuid, timestamptz, uuid, text, date, integer, jsonb, jsonb)
    FROM PUBLIC, anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION service_subscription(uuid),
    service_programme_store(uuid, timestamptz, uuid, text, date, integer, jsonb, jsonb) TO authenticator;
