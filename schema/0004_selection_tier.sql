-- 0004 · How the programme generator ranks an exercise within its slot: the workbook's
-- `selection_tier` (1 Staple, 2 Standard, 3 Specialist) and the `lookup_selection_tier` labels
-- of the tiers the exercises use. Portable: plain DDL and one INSERT … SELECT. Shipped: never
-- edit.
--
-- A database built before this migration gets tier 2 (Standard) on every exercise: the
-- generator then ranks them as it did before tiers existed, and the next catalogue build
-- replaces every value with the workbook's. The tier row is inserted only when exercises
-- exist, so a fresh build's table holds exactly the tiers its workbook uses.

CREATE TABLE selection_tiers (
    tier        INTEGER NOT NULL PRIMARY KEY CHECK (tier BETWEEN 1 AND 3),
    label       TEXT    NOT NULL CHECK (label <> ''),
    description TEXT    NOT NULL
);

INSERT INTO selection_tiers (tier, label, description)
SELECT 2, 'Standard', 'Set by the schema upgrade; the next catalogue build gives the workbook''s tier.'
WHERE EXISTS (SELECT 1 FROM exercises);

ALTER TABLE exercises ADD COLUMN selection_tier INTEGER NOT NULL DEFAULT 2
    REFERENCES selection_tiers (tier) CHECK (selection_tier BETWEEN 1 AND 3);

-- Programme candidates of a slot, best tier first.
CREATE INDEX exercises_by_pattern_and_tier ON exercises (movement_pattern_id, selection_tier);
