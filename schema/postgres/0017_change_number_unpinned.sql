-- 0017 · The trigger that numbers each change (0007, run as its owner since 0013) costs less per
-- row (issue 32, item 5: the server's CPU per sync). It carried `SET search_path = pg_catalog`,
-- so PostgreSQL set that path and put the caller's back at every call, once per row written: 26
-- times in the sync of a 1-hour workout, about 7,000 instructions each, 1.7% of the server's
-- work per sync (`make bench-pg-instructions`: 12.74 → 12.52 million). The body now names every
-- object by its schema (`pg_catalog.nextval`, `public.log_changes`) and sets no path: what the
-- caller's path holds cannot change what it calls, which is why a SECURITY DEFINER function pins
-- its path in the first place. Still SECURITY DEFINER, so that no app role needs the sequence;
-- still callable by no role (0013's grants, which CREATE OR REPLACE keeps); the same triggers
-- on the same tables. Shipped: never edit.

CREATE OR REPLACE FUNCTION stamp_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
    NEW.change_seq := pg_catalog.nextval('public.log_changes'::pg_catalog.regclass);
    RETURN NEW;
END
$$;
ALTER FUNCTION stamp_change() RESET ALL;
