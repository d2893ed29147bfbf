-- 0009 · The catalogue's exercise exceptions, as the SQLite catalogue's 0005 defines them: one
-- exercise that departs from its canonical group for one joint (`safe` or `contraindicated`).
-- Readable by everyone and written by the publishing role, as 0002 does for every catalogue
-- table. Shipped: never edit.

CREATE TABLE exercise_exceptions (
    exercise_id text COLLATE "C" NOT NULL REFERENCES exercises (id) DEFERRABLE,
    joint_id    integer NOT NULL REFERENCES joints (id) DEFERRABLE,
    level       text COLLATE "C" NOT NULL CHECK (level IN ('safe', 'contraindicated')),
    notes       text NOT NULL,
    PRIMARY KEY (exercise_id, joint_id)
);

CREATE INDEX exercise_exceptions_by_joint ON exercise_exceptions (joint_id);

ALTER TABLE exercise_exceptions ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE exercise_exceptions FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE exercise_exceptions TO anon, authenticated;
GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE exercise_exceptions TO service_role;
CREATE POLICY "the catalogue is readable by everyone" ON exercise_exceptions
    FOR SELECT TO anon, authenticated USING (true);
CREATE POLICY "the publishing role writes the catalogue" ON exercise_exceptions
    FOR ALL TO service_role USING (true) WITH CHECK (true);
