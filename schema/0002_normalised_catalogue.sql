-- 0002 · The normalised catalogue. The legacy table steps aside (renamed legacy_exercises;
-- 0003 carries its rows across and drops it) and every value the workbooks name gets a table
-- of its own, so that the app filters, swaps and looks up through keys instead of parsing JSON.
-- Portable: TEXT and INTEGER only, no AUTOINCREMENT, nothing SQLite-only. Shipped: never edit.

ALTER TABLE exercises RENAME TO legacy_exercises;

-- The questionnaire's top level of equipment ("Barbells", "Dumbbells"), in display order.
CREATE TABLE equipment_categories (
    id       INTEGER NOT NULL PRIMARY KEY,
    name     TEXT    NOT NULL UNIQUE CHECK (name <> '' AND name = trim(name)),
    -- The questionnaire stores this spelling: "Pin-loaded Machines" -> pin_loaded_machines.
    slug     TEXT    NOT NULL UNIQUE CHECK (slug <> ''),
    position INTEGER NOT NULL UNIQUE CHECK (position >= 1)
);

-- The items a category expands to ("Squat Rack" under Barbells). An item is identified by
-- (category, item): "Leg Press" under pin-loaded and under plate-loaded machines are two rows.
CREATE TABLE equipment_items (
    id          INTEGER NOT NULL PRIMARY KEY,
    category_id INTEGER NOT NULL REFERENCES equipment_categories (id),
    name        TEXT    NOT NULL CHECK (name <> '' AND name = trim(name)),
    slug        TEXT    NOT NULL CHECK (slug <> ''),
    -- Display order within the category.
    position    INTEGER NOT NULL CHECK (position >= 1),
    UNIQUE (category_id, name),
    UNIQUE (category_id, slug),
    UNIQUE (category_id, position),
    -- Target of exercises' (category, item) foreign key.
    UNIQUE (category_id, id)
);

CREATE TABLE muscles (
    id          INTEGER NOT NULL PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE CHECK (name <> '' AND name = trim(name)),
    slug        TEXT    NOT NULL UNIQUE CHECK (slug <> ''),
    -- NULL only for a muscle carried over from the legacy schema whose region is unknown.
    body_region TEXT CHECK (body_region IS NULL OR body_region IN ('upper', 'lower', 'core'))
);

CREATE TABLE movement_patterns (
    id          INTEGER NOT NULL PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE CHECK (name <> '' AND name = trim(name)),
    slug        TEXT    NOT NULL UNIQUE CHECK (slug <> ''),
    description TEXT    NOT NULL
);

CREATE TABLE complexity_levels (
    level       INTEGER NOT NULL PRIMARY KEY CHECK (level BETWEEN 1 AND 4),
    label       TEXT    NOT NULL CHECK (label <> ''),
    description TEXT    NOT NULL
);

-- The swap groups: exercises sharing a canonical name are interchangeable.
CREATE TABLE canonical_groups (
    id   INTEGER NOT NULL PRIMARY KEY,
    name TEXT    NOT NULL UNIQUE CHECK (name <> '' AND name = trim(name))
);

CREATE TABLE exercises (
    -- Stable across releases: users' workout logs point at it.
    id                    TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    -- Shown in the library, stored in programmes, shown in the logger.
    display_name          TEXT    NOT NULL CHECK (display_name <> '' AND display_name = trim(display_name)),
    canonical_group_id    INTEGER NOT NULL REFERENCES canonical_groups (id),
    equipment_category_id INTEGER NOT NULL REFERENCES equipment_categories (id),
    -- NULL: the category has no items, or the exercise needs none of them.
    equipment_item_id     INTEGER,
    primary_muscle_id     INTEGER NOT NULL REFERENCES muscles (id),
    movement_pattern_id   INTEGER NOT NULL REFERENCES movement_patterns (id),
    complexity_level      INTEGER NOT NULL REFERENCES complexity_levels (level)
        CHECK (complexity_level BETWEEN 1 AND 4),
    is_isolation          INTEGER NOT NULL CHECK (is_isolation IN (0, 1)),
    -- 1: the programme generator may pick it; 0: library only.
    include_in_programme  INTEGER NOT NULL CHECK (include_in_programme IN (0, 1)),
    video_url             TEXT CHECK (video_url IS NULL
        OR (substr(video_url, 1, 8) = 'https://' AND length(video_url) > 8)),
    thumbnail_url         TEXT CHECK (thumbnail_url IS NULL
        OR (substr(thumbnail_url, 1, 8) = 'https://' AND length(thumbnail_url) > 8)),
    -- The item must belong to the exercise's category (not checked while the item is NULL).
    FOREIGN KEY (equipment_category_id, equipment_item_id)
        REFERENCES equipment_items (category_id, id)
);

-- Secondary muscles in the workbook's order, position 1 first.
CREATE TABLE exercise_secondary_muscles (
    exercise_id TEXT    NOT NULL REFERENCES exercises (id),
    position    INTEGER NOT NULL CHECK (position >= 1),
    muscle_id   INTEGER NOT NULL REFERENCES muscles (id),
    PRIMARY KEY (exercise_id, position),
    UNIQUE (exercise_id, muscle_id)
);

-- The numbered steps of the Demo tab, one line each.
CREATE TABLE exercise_instructions (
    exercise_id TEXT    NOT NULL REFERENCES exercises (id),
    step        INTEGER NOT NULL CHECK (step BETWEEN 1 AND 4),
    instruction TEXT    NOT NULL CHECK (instruction <> ''),
    PRIMARY KEY (exercise_id, step)
);

-- The answers of the questionnaire's injury question.
CREATE TABLE joints (
    id   INTEGER NOT NULL PRIMARY KEY,
    name TEXT    NOT NULL UNIQUE CHECK (name <> '' AND name = trim(name)),
    slug TEXT    NOT NULL UNIQUE CHECK (slug <> '')
);

-- A canonical group that may aggravate an injured joint, and why.
CREATE TABLE contraindications (
    canonical_group_id INTEGER NOT NULL REFERENCES canonical_groups (id),
    joint_id           INTEGER NOT NULL REFERENCES joints (id),
    notes              TEXT    NOT NULL,
    PRIMARY KEY (canonical_group_id, joint_id)
);

-- What built this database. One row; no wall-clock time, so that a rebuild from the same
-- workbooks gives the same bytes.
CREATE TABLE catalogue_provenance (
    id             INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    tool_version   TEXT    NOT NULL CHECK (tool_version <> ''),
    schema_version INTEGER NOT NULL CHECK (schema_version >= 1)
);

-- The workbooks the catalogue was built from.
CREATE TABLE catalogue_sources (
    file_name TEXT NOT NULL PRIMARY KEY CHECK (file_name <> ''),
    -- Lower-case hex SHA-256 of the file's bytes.
    sha256    TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 = lower(sha256))
);

-- Library order and the "display name is unique ignoring case" rule (stored names are trimmed).
CREATE UNIQUE INDEX exercises_display_name_key ON exercises (lower(display_name));
-- Equipment filter: category, then item.
CREATE INDEX exercises_by_equipment ON exercises (equipment_category_id, equipment_item_id);
-- Swaps: the group's members, nearest complexity first.
CREATE INDEX exercises_by_canonical_group ON exercises (canonical_group_id, complexity_level);
CREATE INDEX exercises_by_primary_muscle ON exercises (primary_muscle_id);
CREATE INDEX exercises_by_movement_pattern ON exercises (movement_pattern_id);
-- Programme candidates: inclusion flag, isolation, complexity ceiling.
CREATE INDEX exercises_by_programme_filters
    ON exercises (include_in_programme, is_isolation, complexity_level);
CREATE INDEX exercise_secondary_muscles_by_muscle ON exercise_secondary_muscles (muscle_id);
CREATE INDEX contraindications_by_joint ON contraindications (joint_id);
