-- 0004 · The user's account on the server (business rules §12): the About-you profile, and what
-- a user may ask of everything the server holds about them: a copy (`export_my_data()`) and its
-- deletion (`delete_my_data()`). Both run as the user under row-level security (SECURITY
-- INVOKER), so the app calls them through Supabase's API (`rpc`) exactly as `traindb account`
-- does over a direct connection. Deleting the user from Supabase Auth (`auth.users`) removes the
-- same rows, by trigger. The catalogue is never touched: only tables with a `user_id` column
-- and row-level security are the user's. Shipped: never edit.

-- The About-you answers, kept in cm and kg with the unit the user answered in. Heights of 3 ft
-- 0 in (91.4 cm) to 8 ft 0 in (243.8 cm) and weights of 60 lbs (27.216 kg) to 200 kg are the
-- widest the questionnaire accepts in either unit; the app checks the unit's own range.
CREATE TABLE profiles (
    user_id          uuid NOT NULL PRIMARY KEY DEFAULT auth.uid(),
    gender           text CHECK (gender IN ('male', 'female', 'other')),
    date_of_birth    date,
    height_cm        numeric(4, 1) CHECK (height_cm BETWEEN 91.4 AND 243.8),
    height_unit      text CHECK (height_unit IN ('cm', 'ftIn')),
    weight_kg        numeric(6, 3) CHECK (weight_kg BETWEEN 27.215 AND 200),
    weight_unit      text CHECK (weight_unit IN ('kg', 'lbs')),
    motivations      text[] NOT NULL DEFAULT '{}' CHECK (
        motivations <@ ARRAY['structure', 'guidance', 'confidence', 'motivation', 'accountability', 'other']),
    motivation_other text CHECK (char_length(motivation_other) BETWEEN 1 AND 1000),
    member_since     date NOT NULL DEFAULT current_date,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CHECK ((height_cm IS NULL) = (height_unit IS NULL)),
    CHECK ((weight_kg IS NULL) = (weight_unit IS NULL)),
    CHECK (motivation_other IS NULL OR 'other' = ANY (motivations))
);

-- A date of birth gives an age of 18 to 100 on the day it is entered ("You must be at least 18
-- years old"); a CHECK cannot read the date, a trigger can.
CREATE FUNCTION profiles_check_age() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
    age integer;
BEGIN
    IF NEW.date_of_birth IS NULL THEN
        RETURN NEW;
    END IF;
    age := extract(year FROM age(current_date, NEW.date_of_birth));
    IF NEW.date_of_birth > current_date OR age < 18 THEN
        RAISE EXCEPTION 'date_of_birth %: You must be at least 18 years old', NEW.date_of_birth
            USING ERRCODE = 'check_violation';
    END IF;
    IF age > 100 THEN
        RAISE EXCEPTION 'date_of_birth %: age % is over the oldest, 100', NEW.date_of_birth, age
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER profiles_age BEFORE INSERT OR UPDATE OF date_of_birth ON profiles
    FOR EACH ROW EXECUTE FUNCTION profiles_check_age();

ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE profiles FROM anon, authenticated, service_role;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE profiles TO authenticated, service_role;
CREATE POLICY "users read their own rows" ON profiles FOR SELECT TO authenticated
    USING ((SELECT auth.uid()) = user_id);
CREATE POLICY "users add their own rows" ON profiles FOR INSERT TO authenticated
    WITH CHECK ((SELECT auth.uid()) = user_id);
CREATE POLICY "users change their own rows" ON profiles FOR UPDATE TO authenticated
    USING ((SELECT auth.uid()) = user_id) WITH CHECK ((SELECT auth.uid()) = user_id);
CREATE POLICY "users delete their own rows" ON profiles FOR DELETE TO authenticated
    USING ((SELECT auth.uid()) = user_id);

-- The user tables, by name: every table of public with a `user_id` column and row-level
-- security, so that a table added by a later migration is exported and deleted with the rest.
CREATE FUNCTION user_tables() RETURNS SETOF text LANGUAGE sql STABLE SET search_path = pg_catalog AS $$
    SELECT c.relname::text
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'user_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity
    ORDER BY c.relname
$$;

-- Deletes every row `target` owns from every user table, children before parents (a table whose
-- rows are still referenced is retried after the others), and returns how many rows of each
-- table it owned. As the user, row-level security confines it to their own rows whatever `target` says.
CREATE FUNCTION erase_user_rows(target uuid) RETURNS jsonb LANGUAGE plpgsql SECURITY INVOKER
SET search_path = public, pg_temp AS $$
DECLARE
    remaining text[] := ARRAY(SELECT user_tables());
    deleted jsonb := '{}';
    pass integer := 0;
    table_name text;
    still text[];
    removed bigint;
BEGIN
    IF target IS NULL THEN
        RAISE EXCEPTION 'no user to delete: the request carries no signed-in user'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    -- What the user owns, counted before a parent's deletion takes its children with it.
    FOREACH table_name IN ARRAY remaining LOOP
        EXECUTE format('SELECT count(*) FROM %I WHERE user_id = $1', table_name) INTO removed USING target;
        deleted := jsonb_set(deleted, ARRAY[table_name], to_jsonb(removed));
    END LOOP;
    WHILE cardinality(remaining) > 0 LOOP
        pass := pass + 1;
        still := '{}';
        FOREACH table_name IN ARRAY remaining LOOP
            BEGIN
                EXECUTE format('DELETE FROM %I WHERE user_id = $1', table_name) USING target;
            EXCEPTION WHEN foreign_key_violation THEN
                still := still || table_name;
            END;
        END LOOP;
        IF pass > 20 THEN
            RAISE EXCEPTION 'cannot delete the rows of %: other rows still refer to them', still;
        END IF;
        remaining := still;
    END LOOP;
    RETURN deleted;
END
$$;

-- Deletes everything the signed-in user owns, in one transaction: `{"workouts": 12, …}`.
CREATE FUNCTION delete_my_data() RETURNS jsonb LANGUAGE sql SECURITY INVOKER
SET search_path = public, pg_temp AS $$
    SELECT erase_user_rows(auth.uid())
$$;

-- Everything the signed-in user owns: `{"user_id": …, "tables": {"profiles": [rows], …}}`,
-- each table's rows without `user_id`, in a stable order.
CREATE FUNCTION export_my_data() RETURNS jsonb LANGUAGE plpgsql STABLE SECURITY INVOKER
SET search_path = public, pg_temp AS $$
DECLARE
    me uuid := auth.uid();
    tables jsonb := '{}';
    table_name text;
    rows jsonb;
BEGIN
    IF me IS NULL THEN
        RAISE EXCEPTION 'nothing to export: the request carries no signed-in user'
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    FOR table_name IN SELECT user_tables() LOOP
        EXECUTE format(
            'SELECT coalesce(jsonb_agg(to_jsonb(t) - ''user_id'' ORDER BY to_jsonb(t)::text), ''[]'') '
            'FROM %I t WHERE user_id = $1', table_name)
            INTO rows USING me;
        tables := jsonb_set(tables, ARRAY[table_name], rows);
    END LOOP;
    RETURN jsonb_build_object('user_id', me, 'tables', tables);
END
$$;

REVOKE ALL ON FUNCTION user_tables(), erase_user_rows(uuid), delete_my_data(), export_my_data() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION user_tables(), erase_user_rows(uuid), delete_my_data(), export_my_data()
    TO authenticated, service_role;

-- Deleting the user from Supabase Auth deletes their rows too (run by Supabase Auth's own role,
-- so as the migration's owner, which row-level security does not confine).
CREATE FUNCTION erase_deleted_auth_user() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
    PERFORM erase_user_rows(OLD.id);
    RETURN OLD;
END
$$;
REVOKE ALL ON FUNCTION erase_deleted_auth_user() FROM PUBLIC, anon, authenticated, service_role;
CREATE TRIGGER erase_user_data AFTER DELETE ON auth.users
    FOR EACH ROW EXECUTE FUNCTION erase_deleted_auth_user();
