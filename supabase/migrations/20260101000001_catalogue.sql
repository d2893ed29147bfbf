-- 0001 · The catalogue, as SQLite's migrations 0001-0004 leave it, for a PostgreSQL server
-- (Supabase). Same tables, columns (in the same order), keys, foreign keys, CHECKs and indexes;
-- a test proves it against both engines. PostgreSQL's own types where they are better:
-- `boolean` for the 0/1 flags. Shipped: never edit; add a migration instead.
--
-- Differences that keep the meaning:
-- - No legacy table: a server never held the old app's rows (SQLite's 0001 and 0003).
-- - Text that is sorted or compared ignoring case is `COLLATE "C"`: byte order, and lower()
--   folding ASCII letters only, exactly as SQLite does, whatever the server's locale.
-- - Foreign keys and the unique constraints that are not a foreign key's target are
--   DEFERRABLE (checked at each statement, as in SQLite, unless a transaction defers them):
--   `traindb publish` defers them so that a release may renumber lookup keys.
-- - The unique display name (SQLite's expression index exercises_display_name_key) is an
--   exclusion constraint of the same name, so that it can be deferred too.

CREATE TABLE equipment_categories (
    id       integer NOT NULL PRIMARY KEY,
    name     text COLLATE "C" NOT NULL CHECK (name <> '' AND name = trim(name)),
    slug     text COLLATE "C" NOT NULL CHECK (slug <> ''),
    position integer NOT NULL CHECK (position >= 1),
    CONSTRAINT equipment_categories_name_key UNIQUE (name) DEFERRABLE,
    CONSTRAINT equipment_categories_slug_key UNIQUE (slug) DEFERRABLE,
    CONSTRAINT equipment_categories_position_key UNIQUE (position) DEFERRABLE
);

CREATE TABLE equipment_items (
    id          integer NOT NULL PRIMARY KEY,
    category_id integer NOT NULL REFERENCES equipment_categories (id) DEFERRABLE,
    name        text COLLATE "C" NOT NULL CHECK (name <> '' AND name = trim(name)),
    slug        text COLLATE "C" NOT NULL CHECK (slug <> ''),
    position    integer NOT NULL CHECK (position >= 1),
    CONSTRAINT equipment_items_category_id_name_key UNIQUE (category_id, name) DEFERRABLE,
    CONSTRAINT equipment_items_category_id_slug_key UNIQUE (category_id, slug) DEFERRABLE,
    CONSTRAINT equipment_items_category_id_position_key UNIQUE (category_id, position) DEFERRABLE,
    -- Target of exercises' (category, item) foreign key: immediate, as a target must be.
    CONSTRAINT equipment_items_category_id_id_key UNIQUE (category_id, id)
);

CREATE TABLE muscles (
    id          integer NOT NULL PRIMARY KEY,
    name        text COLLATE "C" NOT NULL CHECK (name <> '' AND name = trim(name)),
    slug        text COLLATE "C" NOT NULL CHECK (slug <> ''),
    body_region text CHECK (body_region IS NULL OR body_region IN ('upper', 'lower', 'core')),
    CONSTRAINT muscles_name_key UNIQUE (name) DEFERRABLE,
    CONSTRAINT muscles_slug_key UNIQUE (slug) DEFERRABLE
);

CREATE TABLE movement_patterns (
    id          integer NOT NULL PRIMARY KEY,
    name        text COLLATE "C" NOT NULL CHECK (name <> '' AND name = trim(name)),
    slug        text COLLATE "C" NOT NULL CHECK (slug <> ''),
    description text NOT NULL,
    CONSTRAINT movement_patterns_name_key UNIQUE (name) DEFERRABLE,
    CONSTRAINT movement_patterns_slug_key UNIQUE (slug) DEFERRABLE
);

CREATE TABLE complexity_levels (
    level       integer NOT NULL PRIMARY KEY CHECK (level BETWEEN 1 AND 4),
    label       text NOT NULL CHECK (label <> ''),
    description text NOT NULL
);

CREATE TABLE canonical_groups (
    id   integer NOT NULL PRIMARY KEY,
    name text COLLATE "C" NOT NULL CHECK (name <> '' AND name = trim(name)),
    CONSTRAINT canonical_groups_name_key UNIQUE (name) DEFERRABLE
);

CREATE TABLE selection_tiers (
    tier        integer NOT NULL PRIMARY KEY CHECK (tier BETWEEN 1 AND 3),
    label       text NOT NULL CHECK (label <> ''),
    description text NOT NULL
);

CREATE TABLE exercises (
    -- Stable across releases: users' workout logs point at it.
    id                    text COLLATE "C" NOT NULL PRIMARY KEY CHECK (id <> ''),
    display_name          text COLLATE "C" NOT NULL
        CHECK (display_name <> '' AND display_name = trim(display_name)),
    canonical_group_id    integer NOT NULL REFERENCES canonical_groups (id) DEFERRABLE,
    equipment_category_id integer NOT NULL REFERENCES equipment_categories (id) DEFERRABLE,
    equipment_item_id     integer,
    primary_muscle_id     integer NOT NULL REFERENCES muscles (id) DEFERRABLE,
    movement_pattern_id   integer NOT NULL REFERENCES movement_patterns (id) DEFERRABLE,
    complexity_level      integer NOT NULL REFERENCES complexity_levels (level) DEFERRABLE
        CHECK (complexity_level BETWEEN 1 AND 4),
    is_isolation          boolean NOT NULL,
    include_in_programme  boolean NOT NULL,
    video_url             text CHECK (video_url IS NULL
        OR (substr(video_url, 1, 8) = 'https://' AND length(video_url) > 8)),
    thumbnail_url         text CHECK (thumbnail_url IS NULL
        OR (substr(thumbnail_url, 1, 8) = 'https://' AND length(thumbnail_url) > 8)),
    selection_tier        integer NOT NULL DEFAULT 2 REFERENCES selection_tiers (tier) DEFERRABLE
        CHECK (selection_tier BETWEEN 1 AND 3),
    -- The item must belong to the exercise's category (not checked while the item is NULL).
    FOREIGN KEY (equipment_category_id, equipment_item_id)
        REFERENCES equipment_items (category_id, id) DEFERRABLE,
    -- Unique ignoring case (ASCII letters, as in SQLite): stored names are trimmed.
    CONSTRAINT exercises_display_name_key EXCLUDE USING btree (lower(display_name) WITH =) DEFERRABLE
);

CREATE TABLE exercise_secondary_muscles (
    exercise_id text COLLATE "C" NOT NULL REFERENCES exercises (id) DEFERRABLE,
    position    integer NOT NULL CHECK (position >= 1),
    muscle_id   integer NOT NULL REFERENCES muscles (id) DEFERRABLE,
    PRIMARY KEY (exercise_id, position),
    CONSTRAINT exercise_secondary_muscles_exercise_id_muscle_id_key UNIQUE (exercise_id, muscle_id) DEFERRABLE
);

CREATE TABLE exercise_instructions (
    exercise_id text COLLATE "C" NOT NULL REFERENCES exercises (id) DEFERRABLE,
    step        integer NOT NULL CHECK (step BETWEEN 1 AND 4),
    instruction text NOT NULL CHECK (instruction <> ''),
    PRIMARY KEY (exercise_id, step)
);

CREATE TABLE joints (
    id   integer NOT NULL PRIMARY KEY,
    name text COLLATE "C" NOT NULL CHECK (name <> '' AND name = trim(name)),
    slug text COLLATE "C" NOT NULL CHECK (slug <> ''),
    CONSTRAINT joints_name_key UNIQUE (name) DEFERRABLE,
    CONSTRAINT joints_slug_key UNIQUE (slug) DEFERRABLE
);

CREATE TABLE contraindications (
    canonical_group_id integer NOT NULL REFERENCES canonical_groups (id) DEFERRABLE,
    joint_id           integer NOT NULL REFERENCES joints (id) DEFERRABLE,
    notes              text NOT NULL,
    PRIMARY KEY (canonical_group_id, joint_id)
);

CREATE TABLE catalogue_provenance (
    id             integer NOT NULL PRIMARY KEY CHECK (id = 1),
    tool_version   text NOT NULL CHECK (tool_version <> ''),
    schema_version integer NOT NULL CHECK (schema_version >= 1)
);

CREATE TABLE catalogue_sources (
    file_name text COLLATE "C" NOT NULL PRIMARY KEY CHECK (file_name <> ''),
    sha256    text NOT NULL CHECK (length(sha256) = 64 AND sha256 = lower(sha256))
);

CREATE INDEX exercises_by_equipment ON exercises (equipment_category_id, equipment_item_id);
CREATE INDEX exercises_by_canonical_group ON exercises (canonical_group_id, complexity_level);
CREATE INDEX exercises_by_primary_muscle ON exercises (primary_muscle_id);
CREATE INDEX exercises_by_movement_pattern ON exercises (movement_pattern_id);
CREATE INDEX exercises_by_programme_filters
    ON exercises (include_in_programme, is_isolation, complexity_level);
CREATE INDEX exercise_secondary_muscles_by_muscle ON exercise_secondary_muscles (muscle_id);
CREATE INDEX contraindications_by_joint ON contraindications (joint_id);
CREATE INDEX exercises_by_pattern_and_tier ON exercises (movement_pattern_id, selection_tier);
