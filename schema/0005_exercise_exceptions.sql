-- 0005 · One exercise that departs from its canonical group for one joint: the contraindications
-- workbook's `exercise_exceptions` sheet. `safe`: the group may aggravate the joint, but this
-- variation (seated, supported, neutral-grip, reduced-range, machine-guided) is what a coach
-- gives that injury. `contraindicated`: the group is fine for the joint, this variation is not.
-- Portable: plain DDL. Shipped: never edit.
--
-- A database built before this migration has no exceptions: every exercise takes its group's
-- contraindications, as it did, until the next catalogue build fills the table.

CREATE TABLE exercise_exceptions (
    exercise_id TEXT    NOT NULL REFERENCES exercises (id),
    joint_id    INTEGER NOT NULL REFERENCES joints (id),
    level       TEXT    NOT NULL CHECK (level IN ('safe', 'contraindicated')),
    notes       TEXT    NOT NULL,
    PRIMARY KEY (exercise_id, joint_id)
);

-- What a questionnaire's injuries change: the exceptions of the recorded joints.
CREATE INDEX exercise_exceptions_by_joint ON exercise_exceptions (joint_id);
