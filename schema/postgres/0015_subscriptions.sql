-- 0015 · The user's subscription (business rules §14), as the App Store's signed data left it:
-- one row per user, written only by the service (`traindb serve`, as `service_role`) once the
-- data has verified, and read by its user under row-level security. The status (trial, active,
-- expired) is not stored: it follows from these facts and the clock (the Subscription module).
-- A user who deletes their account deletes their row with the rest (`delete_my_data()`); a user
-- without a row has no current period, so deleting it never gains anything. The App Store's
-- notifications are kept by their id, so that each is taken once, and each subscription
-- remembers the signed date of the newest data applied, so that older data changes nothing.
-- Shipped: never edit.

CREATE TABLE subscriptions (
    user_id                 uuid NOT NULL PRIMARY KEY,
    -- The subscription's first transaction: the same through every renewal.
    original_transaction_id text NOT NULL UNIQUE CHECK (char_length(original_transaction_id) BETWEEN 1 AND 200),
    product_id              text NOT NULL CHECK (char_length(product_id) BETWEEN 1 AND 200),
    plan                    text NOT NULL CHECK (plan IN ('monthly', 'annual')),
    environment             text NOT NULL CHECK (environment IN ('Production', 'Sandbox', 'Xcode', 'LocalTesting')),
    -- When the current (or last) period ends, and whether it is the free trial.
    expires_at              timestamptz NOT NULL,
    is_trial                boolean NOT NULL,
    -- The App Store is retrying a renewal that failed; the end of its billing grace period.
    in_billing_retry        boolean NOT NULL DEFAULT false,
    grace_period_ends_at    timestamptz,
    -- Refunded or revoked: no access from then on.
    revoked_at              timestamptz,
    will_renew              boolean NOT NULL DEFAULT true,
    -- When the user last asked the app to cancel (the App Store cancels, in the device's Settings).
    cancel_requested_at     timestamptz,
    -- Apple's signedDate of the newest data applied: data signed at or before it changes nothing.
    signed_at               timestamptz NOT NULL,
    updated_at              timestamptz NOT NULL DEFAULT now(),
    change_seq              bigint NOT NULL DEFAULT 0
);
CREATE INDEX subscriptions_changes ON subscriptions (user_id, change_seq);
CREATE TRIGGER stamp_change BEFORE INSERT OR UPDATE ON subscriptions
    FOR EACH ROW EXECUTE FUNCTION stamp_change();

ALTER TABLE subscriptions ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE subscriptions FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT, DELETE ON TABLE subscriptions TO authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE subscriptions TO service_role;
CREATE POLICY "users read their own rows" ON subscriptions FOR SELECT TO authenticated
    USING ((SELECT auth.uid()) = user_id);
-- Deleting the account deletes the row (it never makes a user's status better than having one).
CREATE POLICY "users delete their own rows" ON subscriptions FOR DELETE TO authenticated
    USING ((SELECT auth.uid()) = user_id);

-- Every App Store notification taken, by its notificationUUID, and what came of it. No user
-- column: the service's own ledger, which no app role reads.
CREATE TABLE app_store_notifications (
    notification_uuid       uuid NOT NULL PRIMARY KEY,
    notification_type       text NOT NULL CHECK (char_length(notification_type) BETWEEN 1 AND 200),
    subtype                 text CHECK (char_length(subtype) BETWEEN 1 AND 200),
    signed_at               timestamptz NOT NULL,
    original_transaction_id text CHECK (char_length(original_transaction_id) BETWEEN 1 AND 200),
    outcome                 text NOT NULL CHECK (outcome IN ('applied', 'stale', 'unmatched', 'ignored')),
    received_at             timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE app_store_notifications ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE app_store_notifications FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT, INSERT ON TABLE app_store_notifications TO service_role;

-- Applies verified App Store data to the subscription `original_transaction` (for `owner`, the
-- user the request or the purchase names, when known), one call per transaction or
-- notification, in one turn per subscription: data signed at or before the newest applied
-- changes nothing. The renewal fields (`retry`, `grace`, `renew`) are NULL for a transaction
-- that carries none: a renewal that moves the period on clears a billing retry. Answers
-- `applied`, `stale` (older than what is held), `unmatched` (no owner known yet) or
-- `other_user` (the subscription is another user's: nothing written).
CREATE FUNCTION subscription_apply(
    owner uuid, original_transaction text, product text, plan text, environment text, expires timestamptz,
    trial boolean, revoked timestamptz, signed timestamptz, retry boolean, grace timestamptz, renew boolean
) RETURNS text LANGUAGE plpgsql SECURITY INVOKER SET search_path = public, pg_temp AS $$
DECLARE
    held subscriptions%ROWTYPE;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended('app store ' || original_transaction, 0));
    SELECT * INTO held FROM subscriptions AS s WHERE s.original_transaction_id = original_transaction FOR UPDATE;
    IF NOT FOUND THEN
        IF owner IS NULL THEN
            RETURN 'unmatched';
        END IF;
        -- The user's first subscription, or another one replacing what they held.
        SELECT * INTO held FROM subscriptions AS s WHERE s.user_id = owner FOR UPDATE;
        IF NOT FOUND THEN
            INSERT INTO subscriptions (
                user_id, original_transaction_id, product_id, plan, environment, expires_at, is_trial,
                in_billing_retry, grace_period_ends_at, revoked_at, will_renew, signed_at)
            VALUES (owner, original_transaction, product, plan, environment, expires, trial,
                coalesce(retry, false), grace, revoked, coalesce(renew, true), signed);
            RETURN 'applied';
        END IF;
    ELSIF owner IS NOT NULL AND owner <> held.user_id THEN
        RETURN 'other_user';
    END IF;
    IF signed <= held.signed_at THEN
        RETURN 'stale';
    END IF;
    UPDATE subscriptions AS s SET
        original_transaction_id = original_transaction,
        product_id = product,
        plan = subscription_apply.plan,
        environment = subscription_apply.environment,
        expires_at = expires,
        is_trial = trial,
        in_billing_retry = CASE WHEN retry IS NOT NULL THEN retry
                                WHEN expires > held.expires_at THEN false
                                ELSE held.in_billing_retry END,
        grace_period_ends_at = CASE WHEN retry IS NOT NULL THEN grace
                                    WHEN expires > held.expires_at THEN NULL
                                    ELSE held.grace_period_ends_at END,
        revoked_at = revoked,
        will_renew = coalesce(renew, held.will_renew),
        signed_at = signed,
        updated_at = now()
    WHERE s.user_id = held.user_id;
    RETURN 'applied';
END
$$;

-- Takes one verified App Store notification, once: a notificationUUID seen before answers
-- `replayed` and changes nothing (two instances given the same one take turns, and the second
-- sees the first's); one without a transaction (a test) is `ignored`; else its transaction and
-- renewal info are applied as `subscription_apply` applies them, to the subscription's holder,
-- or to the user its appAccountToken names (`owner`) when no one holds it yet. The outcome is
-- recorded with the notification.
CREATE FUNCTION app_store_notification_take(
    notification uuid, kind text, sub text, signed timestamptz, original_transaction text, owner uuid,
    product text, plan text, environment text, expires timestamptz, trial boolean, revoked timestamptz,
    retry boolean, grace timestamptz, renew boolean
) RETURNS text LANGUAGE plpgsql SECURITY INVOKER SET search_path = public, pg_temp AS $$
DECLARE
    holder uuid;
    outcome text := 'ignored';
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended('app store notification ' || notification::text, 0));
    IF EXISTS (SELECT 1 FROM app_store_notifications AS n WHERE n.notification_uuid = notification) THEN
        RETURN 'replayed';
    END IF;
    IF original_transaction IS NOT NULL THEN
        SELECT s.user_id INTO holder FROM subscriptions AS s WHERE s.original_transaction_id = original_transaction;
        outcome := subscription_apply(coalesce(holder, owner), original_transaction, product, plan, environment,
            expires, trial, revoked, signed, retry, grace, renew);
    END IF;
    INSERT INTO app_store_notifications (
        notification_uuid, notification_type, subtype, signed_at, original_transaction_id, outcome)
    VALUES (notification, kind, sub, signed, original_transaction, outcome);
    RETURN outcome;
END
$$;

-- Records that the signed-in user asked to cancel; the row, when there is one, says so.
CREATE FUNCTION subscription_cancel_requested(requester uuid) RETURNS boolean LANGUAGE sql SECURITY INVOKER
SET search_path = public, pg_temp AS $$
    WITH changed AS (
        UPDATE subscriptions SET cancel_requested_at = now(), updated_at = now()
        WHERE user_id = requester RETURNING 1)
    SELECT EXISTS (SELECT 1 FROM changed)
$$;

REVOKE ALL ON FUNCTION subscription_apply(uuid, text, text, text, text, timestamptz, boolean, timestamptz,
    timestamptz, boolean, timestamptz, boolean), subscription_cancel_requested(uuid),
    app_store_notification_take(uuid, text, text, timestamptz, text, uuid, text, text, text, timestamptz, boolean,
    timestamptz, boolean, timestamptz, boolean)
    FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION subscription_apply(uuid, text, text, text, text, timestamptz, boolean, timestamptz,
    timestamptz, boolean, timestamptz, boolean), subscription_cancel_requested(uuid),
    app_store_notification_take(uuid, text, text, timestamptz, text, uuid, text, text, text, timestamptz, boolean,
    timestamptz, boolean, timestamptz, boolean) TO service_role;
