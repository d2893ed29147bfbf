-- 0002 · Who may read and write the catalogue, the Supabase way: row-level security on every
-- catalogue table and on traindb_migrations; `anon` (the app before sign-in) and
-- `authenticated` (a signed-in user) read every catalogue row and write none; `service_role`
-- (the publishing role) writes. The roles are Supabase's own; on plain PostgreSQL,
-- schema/postgres/supabase-stand-in.sql creates them.
-- Supabase grants every role ALL on new tables by default: the grants below take back what
-- row-level security does not cover (TRUNCATE, REFERENCES, TRIGGER). Shipped: never edit.

DO $$
DECLARE
    catalogue_table text;
BEGIN
    FOREACH catalogue_table IN ARRAY ARRAY[
        'equipment_categories', 'equipment_items', 'muscles', 'movement_patterns',
        'complexity_levels', 'canonical_groups', 'selection_tiers', 'exercises',
        'exercise_secondary_muscles', 'exercise_instructions', 'joints', 'contraindications',
        'catalogue_provenance', 'catalogue_sources'
    ] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', catalogue_table);
        EXECUTE format('REVOKE ALL ON TABLE %I FROM anon, authenticated, service_role', catalogue_table);
        EXECUTE format('GRANT SELECT ON TABLE %I TO anon, authenticated', catalogue_table);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %I TO service_role', catalogue_table);
        EXECUTE format(
            'CREATE POLICY "the catalogue is readable by everyone" ON %I '
            'FOR SELECT TO anon, authenticated USING (true)', catalogue_table);
        EXECUTE format(
            'CREATE POLICY "the publishing role writes the catalogue" ON %I '
            'FOR ALL TO service_role USING (true) WITH CHECK (true)', catalogue_table);
    END LOOP;
END
$$;

-- The record of applied migrations: the publishing role reads it; the app's roles see nothing.
ALTER TABLE traindb_migrations ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE traindb_migrations FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE traindb_migrations TO service_role;
CREATE POLICY "the publishing role reads the migrations applied" ON traindb_migrations
    FOR SELECT TO service_role USING (true);
