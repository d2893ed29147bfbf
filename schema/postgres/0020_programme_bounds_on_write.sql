-- 0020 · A programme's length bounds checked when its JSON is written, not on every update of its
-- row (issue 31: the service's PostgreSQL time per generate). 0013 bounds a questionnaire (16 KB)
-- and a programme (256 KB) by a CHECK each, `octet_length(column::text)`. PostgreSQL evaluates
-- every CHECK of a table on every UPDATE, whatever columns it sets: a generated programme makes
-- the previous one inactive (`service_programme_store`, the sync's pushes of `is_active`), and that
-- update of two flags and two moments fetched the old programme from TOAST, decompressed it and
-- wrote all of it out as text, twice, to measure JSON the update does not change.
--
-- The two CHECKs become one trigger that fires on an INSERT, and on an UPDATE only when the
-- statement sets `questionnaire` or `programme` (`UPDATE OF`): the same bounds, the same refusal
-- (SQLSTATE 23514, check_violation, under the CHECK's name), and the sync's `sync_bounds()` and its
-- check before a push, which name the same bounds, unchanged. Rows already stored are kept as
-- they are, as NOT VALID kept them.
-- Shipped: never edit.

CREATE FUNCTION programmes_bounded() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
    IF octet_length(NEW.questionnaire::text) > 16384 THEN
        RAISE EXCEPTION 'new row for relation "programmes" violates check constraint "programmes_questionnaire_bounded"'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'programmes_questionnaire_bounded',
                  TABLE = 'programmes', COLUMN = 'questionnaire', SCHEMA = 'public';
    END IF;
    IF octet_length(NEW.programme::text) > 262144 THEN
        RAISE EXCEPTION 'new row for relation "programmes" violates check constraint "programmes_programme_bounded"'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'programmes_programme_bounded',
                  TABLE = 'programmes', COLUMN = 'programme', SCHEMA = 'public';
    END IF;
    RETURN NEW;
END
$$;
REVOKE ALL ON FUNCTION programmes_bounded() FROM PUBLIC, anon, authenticated, service_role;

CREATE TRIGGER programmes_bounded BEFORE INSERT OR UPDATE OF questionnaire, programme ON programmes
    FOR EACH ROW EXECUTE FUNCTION programmes_bounded();

ALTER TABLE programmes DROP CONSTRAINT programmes_questionnaire_bounded,
    DROP CONSTRAINT programmes_programme_bounded;
