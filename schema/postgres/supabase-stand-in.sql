-- What a Supabase project has before any of TrainDB's migrations run, for plain PostgreSQL
-- (CI's throwaway cluster, `make pg`): the API roles, the `authenticator` login that PostgREST
-- switches from, `auth.uid()` reading the request's JWT claims, and Supabase's default grants.
-- Never run it against Supabase itself. Safe to run again, and concurrently, on the same
-- cluster; run by a superuser in each database that TrainDB publishes to.

DO $$
DECLARE
    statement text;
BEGIN
    FOREACH statement IN ARRAY ARRAY[
        'CREATE ROLE anon NOLOGIN NOINHERIT',
        'CREATE ROLE authenticated NOLOGIN NOINHERIT',
        'CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS',
        'CREATE ROLE authenticator LOGIN NOINHERIT'
    ] LOOP
        BEGIN
            EXECUTE statement;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL; -- made by an earlier run, or by a run beside this one
        END;
    END LOOP;
END
$$;

GRANT anon, authenticated, service_role TO authenticator;

CREATE SCHEMA IF NOT EXISTS auth;
GRANT USAGE ON SCHEMA auth TO anon, authenticated, service_role;

-- Supabase Auth's users, as far as TrainDB reads them: deleting one deletes their data.
DO $$
BEGIN
    CREATE TABLE IF NOT EXISTS auth.users (
        id         uuid NOT NULL PRIMARY KEY,
        email      text,
        created_at timestamptz NOT NULL DEFAULT now()
    );
EXCEPTION WHEN duplicate_table OR unique_violation THEN
    NULL; -- made by a run beside this one
END
$$;

-- Supabase's definitions: the claims PostgREST sets for the request, read as it reads them.
CREATE OR REPLACE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $$
    SELECT coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
$$;

CREATE OR REPLACE FUNCTION auth.role() RETURNS text LANGUAGE sql STABLE AS $$
    SELECT coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
$$;

CREATE OR REPLACE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $$
    SELECT coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
$$;

GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
