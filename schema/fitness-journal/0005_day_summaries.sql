-- 0005 · One row per day with anything in it: the day's workouts and minutes per type and its mood
-- (the last check-in's), kept by triggers on every write, whatever makes it. The progress screen
-- reads these rows instead of adding up every workout and check-in of ten years on each call.
-- A day's row exists while the day has a workout or a check-in; its counts are those of its
-- workouts, its mood and energy those of its check-in saved last (by moment, then rowid), NULL
-- without one. The date is copied as written, beside its day number (NULL when the text is not a
-- date), so a date that is not one stays an error of the reading. The existing rows are summarised
-- here; no row of the other tables changes. Shipped: never edit.

CREATE TABLE day_summaries (
    date              TEXT    NOT NULL PRIMARY KEY,
    -- The date as a day number (days since 1970-01-01), which reads faster than the text; NULL
    -- when the text is not a date, which the reading then reports.
    day               INTEGER,
    running_workouts  INTEGER NOT NULL DEFAULT 0,
    running_minutes   INTEGER NOT NULL DEFAULT 0,
    cycling_workouts  INTEGER NOT NULL DEFAULT 0,
    cycling_minutes   INTEGER NOT NULL DEFAULT 0,
    strength_workouts INTEGER NOT NULL DEFAULT 0,
    strength_minutes  INTEGER NOT NULL DEFAULT 0,
    yoga_workouts     INTEGER NOT NULL DEFAULT 0,
    yoga_minutes      INTEGER NOT NULL DEFAULT 0,
    other_workouts    INTEGER NOT NULL DEFAULT 0,
    other_minutes     INTEGER NOT NULL DEFAULT 0,
    -- Every workout of the day, whatever its type: the streak's days are those above 0.
    workouts          INTEGER NOT NULL DEFAULT 0,
    mood              TEXT,
    energy_level      INTEGER
) WITHOUT ROWID;

INSERT INTO day_summaries (date, day)
SELECT date, iif(date(julianday(date)) IS date, CAST(julianday(date) - 2440587.5 AS INTEGER), NULL)
FROM (SELECT date FROM workouts UNION SELECT date FROM check_ins);

UPDATE day_summaries SET
    (running_workouts, running_minutes, cycling_workouts, cycling_minutes, strength_workouts, strength_minutes,
     yoga_workouts, yoga_minutes, other_workouts, other_minutes, workouts) = (
        SELECT total(exercise_type = 'running'), total(iif(exercise_type = 'running', duration_minutes, 0)),
               total(exercise_type = 'cycling'), total(iif(exercise_type = 'cycling', duration_minutes, 0)),
               total(exercise_type = 'strength'), total(iif(exercise_type = 'strength', duration_minutes, 0)),
               total(exercise_type = 'yoga'), total(iif(exercise_type = 'yoga', duration_minutes, 0)),
               total(exercise_type = 'other'), total(iif(exercise_type = 'other', duration_minutes, 0)),
               count(*)
        FROM workouts WHERE workouts.date = day_summaries.date),
    (mood, energy_level) = (
        SELECT mood, energy_level FROM check_ins WHERE check_ins.date = day_summaries.date
        ORDER BY checked_in_at DESC, rowid DESC LIMIT 1);

-- A workout counted in its day, and taken out of it.
CREATE TRIGGER workout_counted AFTER INSERT ON workouts BEGIN
    INSERT OR IGNORE INTO day_summaries (date, day)
    VALUES (NEW.date,
            iif(date(julianday(NEW.date)) IS NEW.date, CAST(julianday(NEW.date) - 2440587.5 AS INTEGER), NULL));
    UPDATE day_summaries SET
        running_workouts = running_workouts + (NEW.exercise_type = 'running'),
        running_minutes = running_minutes + iif(NEW.exercise_type = 'running', NEW.duration_minutes, 0),
        cycling_workouts = cycling_workouts + (NEW.exercise_type = 'cycling'),
        cycling_minutes = cycling_minutes + iif(NEW.exercise_type = 'cycling', NEW.duration_minutes, 0),
        strength_workouts = strength_workouts + (NEW.exercise_type = 'strength'),
        strength_minutes = strength_minutes + iif(NEW.exercise_type = 'strength', NEW.duration_minutes, 0),
        yoga_workouts = yoga_workouts + (NEW.exercise_type = 'yoga'),
        yoga_minutes = yoga_minutes + iif(NEW.exercise_type = 'yoga', NEW.duration_minutes, 0),
        other_workouts = other_workouts + (NEW.exercise_type = 'other'),
        other_minutes = other_minutes + iif(NEW.exercise_type = 'other', NEW.duration_minutes, 0),
        workouts = workouts + 1
    WHERE date = NEW.date;
END;

CREATE TRIGGER workout_uncounted AFTER DELETE ON workouts BEGIN
    UPDATE day_summaries SET
        running_workouts = running_workouts - (OLD.exercise_type = 'running'),
        running_minutes = running_minutes - iif(OLD.exercise_type = 'running', OLD.duration_minutes, 0),
        cycling_workouts = cycling_workouts - (OLD.exercise_type = 'cycling'),
        cycling_minutes = cycling_minutes - iif(OLD.exercise_type = 'cycling', OLD.duration_minutes, 0),
        strength_workouts = strength_workouts - (OLD.exercise_type = 'strength'),
        strength_minutes = strength_minutes - iif(OLD.exercise_type = 'strength', OLD.duration_minutes, 0),
        yoga_workouts = yoga_workouts - (OLD.exercise_type = 'yoga'),
        yoga_minutes = yoga_minutes - iif(OLD.exercise_type = 'yoga', OLD.duration_minutes, 0),
        other_workouts = other_workouts - (OLD.exercise_type = 'other'),
        other_minutes = other_minutes - iif(OLD.exercise_type = 'other', OLD.duration_minutes, 0),
        workouts = workouts - 1
    WHERE date = OLD.date;
    DELETE FROM day_summaries WHERE date = OLD.date AND workouts = 0 AND mood IS NULL;
END;

-- An edited workout: out of its old day as it was, into its new day as it is.
CREATE TRIGGER workout_recounted AFTER UPDATE OF date, exercise_type, duration_minutes ON workouts BEGIN
    UPDATE day_summaries SET
        running_workouts = running_workouts - (OLD.exercise_type = 'running'),
        running_minutes = running_minutes - iif(OLD.exercise_type = 'running', OLD.duration_minutes, 0),
        cycling_workouts = cycling_workouts - (OLD.exercise_type = 'cycling'),
        cycling_minutes = cycling_minutes - iif(OLD.exercise_type = 'cycling', OLD.duration_minutes, 0),
        strength_workouts = strength_workouts - (OLD.exercise_type = 'strength'),
        strength_minutes = strength_minutes - iif(OLD.exercise_type = 'strength', OLD.duration_minutes, 0),
        yoga_workouts = yoga_workouts - (OLD.exercise_type = 'yoga'),
        yoga_minutes = yoga_minutes - iif(OLD.exercise_type = 'yoga', OLD.duration_minutes, 0),
        other_workouts = other_workouts - (OLD.exercise_type = 'other'),
        other_minutes = other_minutes - iif(OLD.exercise_type = 'other', OLD.duration_minutes, 0),
        workouts = workouts - 1
    WHERE date = OLD.date;
    DELETE FROM day_summaries WHERE date = OLD.date AND workouts = 0 AND mood IS NULL;
    INSERT OR IGNORE INTO day_summaries (date, day)
    VALUES (NEW.date,
            iif(date(julianday(NEW.date)) IS NEW.date, CAST(julianday(NEW.date) - 2440587.5 AS INTEGER), NULL));
    UPDATE day_summaries SET
        running_workouts = running_workouts + (NEW.exercise_type = 'running'),
        running_minutes = running_minutes + iif(NEW.exercise_type = 'running', NEW.duration_minutes, 0),
        cycling_workouts = cycling_workouts + (NEW.exercise_type = 'cycling'),
        cycling_minutes = cycling_minutes + iif(NEW.exercise_type = 'cycling', NEW.duration_minutes, 0),
        strength_workouts = strength_workouts + (NEW.exercise_type = 'strength'),
        strength_minutes = strength_minutes + iif(NEW.exercise_type = 'strength', NEW.duration_minutes, 0),
        yoga_workouts = yoga_workouts + (NEW.exercise_type = 'yoga'),
        yoga_minutes = yoga_minutes + iif(NEW.exercise_type = 'yoga', NEW.duration_minutes, 0),
        other_workouts = other_workouts + (NEW.exercise_type = 'other'),
        other_minutes = other_minutes + iif(NEW.exercise_type = 'other', NEW.duration_minutes, 0),
        workouts = workouts + 1
    WHERE date = NEW.date;
END;

-- A day's mood is its last check-in's: read again whenever a check-in of the day comes, goes or
-- changes.
CREATE TRIGGER check_in_counted AFTER INSERT ON check_ins BEGIN
    INSERT OR IGNORE INTO day_summaries (date, day)
    VALUES (NEW.date,
            iif(date(julianday(NEW.date)) IS NEW.date, CAST(julianday(NEW.date) - 2440587.5 AS INTEGER), NULL));
    UPDATE day_summaries SET (mood, energy_level) = (
        SELECT mood, energy_level FROM check_ins WHERE check_ins.date = NEW.date
        ORDER BY checked_in_at DESC, rowid DESC LIMIT 1)
    WHERE date = NEW.date;
END;

CREATE TRIGGER check_in_uncounted AFTER DELETE ON check_ins BEGIN
    UPDATE day_summaries SET (mood, energy_level) = (
        SELECT mood, energy_level FROM check_ins WHERE check_ins.date = OLD.date
        ORDER BY checked_in_at DESC, rowid DESC LIMIT 1)
    WHERE date = OLD.date;
    DELETE FROM day_summaries WHERE date = OLD.date AND workouts = 0 AND mood IS NULL;
END;

CREATE TRIGGER check_in_recounted AFTER UPDATE OF date, mood, energy_level, checked_in_at ON check_ins BEGIN
    UPDATE day_summaries SET (mood, energy_level) = (
        SELECT mood, energy_level FROM check_ins WHERE check_ins.date = OLD.date
        ORDER BY checked_in_at DESC, rowid DESC LIMIT 1)
    WHERE date = OLD.date;
    DELETE FROM day_summaries WHERE date = OLD.date AND workouts = 0 AND mood IS NULL;
    INSERT OR IGNORE INTO day_summaries (date, day)
    VALUES (NEW.date,
            iif(date(julianday(NEW.date)) IS NEW.date, CAST(julianday(NEW.date) - 2440587.5 AS INTEGER), NULL));
    UPDATE day_summaries SET (mood, energy_level) = (
        SELECT mood, energy_level FROM check_ins WHERE check_ins.date = NEW.date
        ORDER BY checked_in_at DESC, rowid DESC LIMIT 1)
    WHERE date = NEW.date;
END;
