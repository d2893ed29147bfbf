-- 0006 · A third level for an exercise exception, `modified`: the exercise is allowed for the
-- joint only with a short cue shown to the user ("to a pain-free depth"), instead of a warning.
-- SQLite cannot change a CHECK in place, so the table is rebuilt with the new level and a `cue`
-- column (last, as PostgreSQL's ADD COLUMN puts it), present exactly on `modified` rows.
-- Portable: plain DDL. Shipped: never edit.
--
-- The rows of schema 5 keep their levels and get no cue.

CREATE TABLE exercise_exceptions_0006 (
    exercise_id TEXT    NOT NULL REFERENCES exercises (id),
    joint_id    INTEGER NOT NULL REFERENCES joints (id),
    level       TEXT    NOT NULL CHECK (level IN ('safe', 'modified', 'contraindicated')),
    notes       TEXT    NOT NULL,
    cue         TEXT    CHECK ((level = 'modified') = (cue IS NOT NULL) AND (cue IS NULL OR trim(cue) <> '')),
    PRIMARY KEY (exercise_id, joint_id)
);

INSERT INTO exercise_exceptions_0006 (exercise_id, joint_id, level, notes)
SELECT exercise_id, joint_id, level, notes FROM exercise_exceptions;

DROP TABLE exercise_exceptions;
ALTER TABLE exercise_exceptions_0006 RENAME TO exercise_exceptions;

-- What a questionnaire's injuries change: the exceptions of the recorded joints.
CREATE INDEX exercise_exceptions_by_joint ON exercise_exceptions (joint_id);
