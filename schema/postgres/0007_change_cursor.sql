-- 0007 · A sync downloads only what changed since its last one. Every row of the user's data
-- carries `change_seq`, the number of its last change, drawn from one sequence by trigger on
-- every insert and every update that changes the row (the sync writes only rows that differ),
-- and deletions are rows of `deleted_rows`, numbered the same way. A device keeps the highest
-- number it has received and asks for the rows above it, through an index per table; so a sync
-- that has nothing to bring costs the same after a week as after five years. The sync takes a
-- per-user lock, so one user's changes are numbered in the order they commit. Shipped: never edit.

CREATE SEQUENCE log_changes AS bigint;
GRANT USAGE ON SEQUENCE log_changes TO authenticated, service_role;

CREATE FUNCTION stamp_change() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    NEW.change_seq := nextval('public.log_changes');
    RETURN NEW;
END
$$;

DO $$
DECLARE
    log_table text;
BEGIN
    FOREACH log_table IN ARRAY ARRAY[
        'user_settings', 'profiles', 'programmes', 'workouts', 'exercise_logs', 'logged_sets', 'deleted_rows'
    ] LOOP
        EXECUTE format('ALTER TABLE %I ADD COLUMN change_seq bigint', log_table);
        EXECUTE format('UPDATE %I SET change_seq = nextval(''public.log_changes'')', log_table);
        EXECUTE format('ALTER TABLE %I ALTER COLUMN change_seq SET NOT NULL', log_table);
        EXECUTE format('CREATE INDEX %I ON %I (user_id, change_seq)', log_table || '_changes', log_table);
        EXECUTE format(
            'CREATE TRIGGER stamp_change BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION stamp_change()',
            log_table);
    END LOOP;
END
$$;
