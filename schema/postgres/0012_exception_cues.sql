-- 0012 · The catalogue's exercise exceptions gain the `modified` level and its `cue`, as the
-- SQLite catalogue's 0006 defines them: an exercise allowed for a joint only with a short cue
-- shown to the user ("to a pain-free depth"). The cue is the last column on both engines, and
-- present exactly on `modified` rows. Shipped: never edit.

ALTER TABLE exercise_exceptions DROP CONSTRAINT exercise_exceptions_level_check;
ALTER TABLE exercise_exceptions ADD CONSTRAINT exercise_exceptions_level_check
    CHECK (level IN ('safe', 'modified', 'contraindicated'));
ALTER TABLE exercise_exceptions ADD COLUMN cue text
    CHECK ((level = 'modified') = (cue IS NOT NULL) AND (cue IS NULL OR btrim(cue) <> ''));
