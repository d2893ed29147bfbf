-- 0006 · Every row of the training log is keyed by its owner and its id, not by its id alone:
-- a device of one user can never block another user's rows by holding (or inventing) an id the
-- server has seen, nor block their deletions by recording a tombstone with their row's id.
-- The per-workout and per-exercise uniques are per user too, and the foreign keys follow the
-- new keys. The notes a user writes are bounded as the rule book bounds them (business rules
-- §6: at most 1,000 characters), for every row written from now on; a row already stored is
-- kept as it is (NOT VALID), never cut. Shipped: never edit.

-- The foreign keys between the log's tables go first: they hang on the keys that change.
ALTER TABLE workouts DROP CONSTRAINT workouts_user_id_programme_id_fkey;
ALTER TABLE exercise_logs DROP CONSTRAINT exercise_logs_user_id_workout_id_fkey;
ALTER TABLE logged_sets DROP CONSTRAINT logged_sets_user_id_exercise_log_id_fkey;

ALTER TABLE user_settings DROP CONSTRAINT user_settings_pkey;
ALTER TABLE user_settings ADD PRIMARY KEY (user_id, id);

ALTER TABLE programmes DROP CONSTRAINT programmes_pkey;
ALTER TABLE programmes DROP CONSTRAINT programmes_user_id_id_key;
ALTER TABLE programmes ADD PRIMARY KEY (user_id, id);

ALTER TABLE workouts DROP CONSTRAINT workouts_pkey;
ALTER TABLE workouts DROP CONSTRAINT workouts_user_id_id_key;
ALTER TABLE workouts ADD PRIMARY KEY (user_id, id);

ALTER TABLE exercise_logs DROP CONSTRAINT exercise_logs_pkey;
ALTER TABLE exercise_logs DROP CONSTRAINT exercise_logs_user_id_id_key;
ALTER TABLE exercise_logs ADD PRIMARY KEY (user_id, id);
ALTER TABLE exercise_logs DROP CONSTRAINT exercise_logs_workout_id_slot_id_key;
ALTER TABLE exercise_logs DROP CONSTRAINT exercise_logs_workout_id_position_key;
ALTER TABLE exercise_logs ADD UNIQUE (user_id, workout_id, slot_id);
ALTER TABLE exercise_logs ADD UNIQUE (user_id, workout_id, position);
ALTER TABLE exercise_logs ADD CONSTRAINT exercise_logs_notes_bounded
    CHECK (char_length(notes) <= 1000) NOT VALID;

ALTER TABLE logged_sets DROP CONSTRAINT logged_sets_pkey;
ALTER TABLE logged_sets ADD PRIMARY KEY (user_id, id);
ALTER TABLE logged_sets DROP CONSTRAINT logged_sets_exercise_log_id_set_number_key;
ALTER TABLE logged_sets ADD UNIQUE (user_id, exercise_log_id, set_number);

ALTER TABLE deleted_rows DROP CONSTRAINT deleted_rows_pkey;
ALTER TABLE deleted_rows ADD PRIMARY KEY (user_id, row_id);

-- One profile per user already (its key is the user); its id need only be unique per user.
ALTER TABLE profiles DROP CONSTRAINT profiles_id_key;
ALTER TABLE profiles ADD UNIQUE (user_id, id);

ALTER TABLE workouts ADD FOREIGN KEY (user_id, programme_id) REFERENCES programmes (user_id, id);
ALTER TABLE exercise_logs ADD FOREIGN KEY (user_id, workout_id) REFERENCES workouts (user_id, id) ON DELETE CASCADE;
ALTER TABLE logged_sets ADD FOREIGN KEY (user_id, exercise_log_id)
    REFERENCES exercise_logs (user_id, id) ON DELETE CASCADE;
