-- 0003 · Users' training logs on the server: the tables of schema/training-log/ (SQLite's 0001
-- and 0002), each row owned by the user in `user_id` (Supabase's auth.uid()), so that the app's
-- offline log syncs to it (`traindb sync`). Same columns in the same order, keys, foreign keys,
-- CHECKs and indexes; a test proves it against both engines. Shipped: never edit.
--
-- Differences that keep the meaning:
-- - `user_id uuid` follows `id` in every table, defaulting to the requesting user. Each user's
--   invariants are per user: one settings row, one active programme, one open workout. A child
--   row's foreign key includes `user_id`, so no row can point at another user's row.
-- - Ids are `uuid` (the app makes them); moments are `timestamptz`, calendar dates `date`, flags
--   `boolean`, the questionnaire and the programme `jsonb`.
-- - `synced_at` is the device's own bookkeeping and SQLite's `singleton` column is replaced by
--   the unique `user_id`: neither is here.
-- - `deleted_rows` holds the ids of rows a device deleted, so that the user's other devices
--   delete them too.

CREATE TABLE user_settings (
    id          uuid NOT NULL PRIMARY KEY,
    user_id     uuid NOT NULL DEFAULT auth.uid() UNIQUE,
    weight_unit text NOT NULL CHECK (weight_unit IN ('kg', 'lbs')),
    time_zone   text NOT NULL CHECK (time_zone <> ''),
    updated_at  timestamptz NOT NULL
);

CREATE TABLE programmes (
    id            uuid NOT NULL PRIMARY KEY,
    user_id       uuid NOT NULL DEFAULT auth.uid(),
    programme_id  text NOT NULL CHECK (programme_id <> ''),
    created_date  date NOT NULL,
    start_date    date NOT NULL,
    total_weeks   integer NOT NULL CHECK (total_weeks >= 1),
    questionnaire jsonb NOT NULL,
    programme     jsonb NOT NULL,
    is_active     boolean NOT NULL,
    started_at    timestamptz NOT NULL,
    replaced_at   timestamptz,
    updated_at    timestamptz NOT NULL,
    CHECK ((is_active AND replaced_at IS NULL) OR (NOT is_active AND replaced_at IS NOT NULL)),
    UNIQUE (user_id, id)
);
CREATE UNIQUE INDEX programmes_one_active ON programmes (user_id) WHERE is_active;

CREATE TABLE workouts (
    id                uuid NOT NULL PRIMARY KEY,
    user_id           uuid NOT NULL DEFAULT auth.uid(),
    programme_id      uuid NOT NULL,
    session_id        text NOT NULL CHECK (session_id <> ''),
    session_name      text NOT NULL CHECK (session_name <> ''),
    state             text NOT NULL CHECK (state IN ('open', 'completed')),
    started_at        timestamptz NOT NULL,
    completed_at      timestamptz,
    duration_seconds  integer CHECK (duration_seconds >= 0),
    increased_reps    integer,
    increased_load_kg double precision,
    rest_dismissed_at timestamptz,
    updated_at        timestamptz NOT NULL,
    CHECK ((state = 'open' AND completed_at IS NULL AND duration_seconds IS NULL)
        OR (state = 'completed' AND completed_at IS NOT NULL AND duration_seconds IS NOT NULL)),
    UNIQUE (user_id, id),
    FOREIGN KEY (user_id, programme_id) REFERENCES programmes (user_id, id)
);
CREATE UNIQUE INDEX workouts_one_open ON workouts (user_id) WHERE state = 'open';
CREATE INDEX workouts_by_session ON workouts (user_id, session_name, state, started_at);
CREATE INDEX workouts_by_start ON workouts (user_id, state, started_at);

CREATE TABLE exercise_logs (
    id                     uuid NOT NULL PRIMARY KEY,
    user_id                uuid NOT NULL DEFAULT auth.uid(),
    workout_id             uuid NOT NULL,
    slot_id                text NOT NULL CHECK (slot_id <> ''),
    position               integer NOT NULL CHECK (position >= 1),
    prescribed_exercise_id text NOT NULL CHECK (prescribed_exercise_id <> ''),
    performed_exercise_id  text NOT NULL CHECK (performed_exercise_id <> ''),
    prescribed_sets        integer NOT NULL CHECK (prescribed_sets >= 1),
    rep_range_low          integer NOT NULL CHECK (rep_range_low >= 1),
    rep_range_high         integer NOT NULL CHECK (rep_range_high >= rep_range_low),
    rest_seconds           integer NOT NULL CHECK (rest_seconds >= 0),
    submitted_at           timestamptz,
    outcome                text CHECK (outcome IN ('exceeded', 'met', 'below')),
    next_load_kg           double precision CHECK (next_load_kg >= 0 AND next_load_kg <= 500),
    deloaded               boolean,
    notes                  text,
    updated_at             timestamptz NOT NULL,
    UNIQUE (workout_id, slot_id),
    UNIQUE (workout_id, position),
    CHECK ((submitted_at IS NULL AND outcome IS NULL AND deloaded IS NULL)
        OR (submitted_at IS NOT NULL AND outcome IS NOT NULL AND deloaded IS NOT NULL)),
    UNIQUE (user_id, id),
    FOREIGN KEY (user_id, workout_id) REFERENCES workouts (user_id, id) ON DELETE CASCADE
);
CREATE INDEX exercise_logs_by_exercise ON exercise_logs (user_id, performed_exercise_id, submitted_at);
CREATE INDEX exercise_logs_by_workout ON exercise_logs (workout_id, performed_exercise_id);

CREATE TABLE logged_sets (
    id              uuid NOT NULL PRIMARY KEY,
    user_id         uuid NOT NULL DEFAULT auth.uid(),
    exercise_log_id uuid NOT NULL,
    set_number      integer NOT NULL CHECK (set_number >= 1),
    reps            integer NOT NULL CHECK (reps >= 1 AND reps <= 100),
    weight_kg       double precision NOT NULL CHECK (weight_kg >= 0 AND weight_kg <= 500),
    completed       boolean NOT NULL,
    completed_at    timestamptz,
    logged_at       timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL,
    UNIQUE (exercise_log_id, set_number),
    CHECK ((completed AND completed_at IS NOT NULL) OR (NOT completed AND completed_at IS NULL)),
    FOREIGN KEY (user_id, exercise_log_id) REFERENCES exercise_logs (user_id, id) ON DELETE CASCADE
);

CREATE TABLE deleted_rows (
    row_id     uuid NOT NULL PRIMARY KEY,
    user_id    uuid NOT NULL DEFAULT auth.uid(),
    table_name text NOT NULL CHECK (table_name IN ('programmes', 'workouts', 'exercise_logs', 'logged_sets')),
    deleted_at timestamptz NOT NULL
);
CREATE INDEX deleted_rows_by_user ON deleted_rows (user_id);

-- Each user reads and writes only their own rows (Supabase's policies, `auth.uid()` evaluated
-- once per statement); anon sees nothing; service_role bypasses row-level security.
DO $$
DECLARE
    log_table text;
BEGIN
    FOREACH log_table IN ARRAY ARRAY[
        'user_settings', 'programmes', 'workouts', 'exercise_logs', 'logged_sets', 'deleted_rows'
    ] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', log_table);
        EXECUTE format('REVOKE ALL ON TABLE %I FROM anon, authenticated, service_role', log_table);
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %I TO authenticated, service_role', log_table);
        EXECUTE format(
            'CREATE POLICY "users read their own rows" ON %I FOR SELECT TO authenticated '
            'USING ((SELECT auth.uid()) = user_id)', log_table);
        EXECUTE format(
            'CREATE POLICY "users add their own rows" ON %I FOR INSERT TO authenticated '
            'WITH CHECK ((SELECT auth.uid()) = user_id)', log_table);
        EXECUTE format(
            'CREATE POLICY "users change their own rows" ON %I FOR UPDATE TO authenticated '
            'USING ((SELECT auth.uid()) = user_id) WITH CHECK ((SELECT auth.uid()) = user_id)', log_table);
        EXECUTE format(
            'CREATE POLICY "users delete their own rows" ON %I FOR DELETE TO authenticated '
            'USING ((SELECT auth.uid()) = user_id)', log_table);
    END LOOP;
END
$$;
