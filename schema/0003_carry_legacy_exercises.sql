-- 0003 · Carries the legacy rows (legacy_exercises, renamed by 0002) into the normalised
-- tables, then drops the legacy table. On a fresh database there are no rows and every INSERT
-- below inserts nothing. Shipped: never edit.
--
-- SQLite only: json_valid, json_type, json_extract, json_array and json_each read the legacy
-- JSON lists, and the window functions need SQLite 3.25 or later. MIGRATIONS.md gives the
-- PostgreSQL equivalent. Defaults for what the old schema lacked (MIGRATIONS.md explains each):
-- canonical group = the exercise's own name, library only (include_in_programme = 0),
-- compound (is_isolation = 0), movement pattern "Unclassified", equipment category = the first
-- equipment_needed entry (else "Bodyweight") with no item, primary muscle = the first muscle
-- named (else "Unclassified"), non-https URLs dropped. The next catalogue build replaces all of it.

-- One row per legacy exercise, every list as a JSON array: a JSON array stays as it is, a JSON
-- string or plain text becomes a one-element array, anything else an empty array.
CREATE TEMPORARY TABLE legacy_rows AS
SELECT
    exercise_id,
    coalesce(nullif(trim(exercise_name), ''), exercise_id) AS display_name,
    -- 0001's CHECK admits only the three words; a database adopted from the old app may hold
    -- other spellings, and anything unrecognised becomes the simplest level.
    CASE lower(trim(difficulty)) WHEN 'intermediate' THEN 2 WHEN 'advanced' THEN 3 ELSE 1 END
        AS complexity_level,
    CASE WHEN substr(trim(video_url), 1, 8) = 'https://' AND length(trim(video_url)) > 8
        THEN trim(video_url) END AS video_url,
    CASE WHEN substr(trim(thumbnail_url), 1, 8) = 'https://' AND length(trim(thumbnail_url)) > 8
        THEN trim(thumbnail_url) END AS thumbnail_url,
    CASE WHEN json_valid(primary_muscles) THEN
            CASE json_type(primary_muscles)
                WHEN 'array' THEN primary_muscles
                WHEN 'text' THEN json_array(json_extract(primary_muscles, '$'))
                ELSE '[]' END
        WHEN trim(primary_muscles) <> '' THEN json_array(trim(primary_muscles))
        ELSE '[]' END AS primary_json,
    CASE WHEN json_valid(secondary_muscles) THEN
            CASE json_type(secondary_muscles)
                WHEN 'array' THEN secondary_muscles
                WHEN 'text' THEN json_array(json_extract(secondary_muscles, '$'))
                ELSE '[]' END
        WHEN trim(secondary_muscles) <> '' THEN json_array(trim(secondary_muscles))
        ELSE '[]' END AS secondary_json,
    CASE WHEN json_valid(equipment_needed) THEN
            CASE json_type(equipment_needed)
                WHEN 'array' THEN equipment_needed
                WHEN 'text' THEN json_array(json_extract(equipment_needed, '$'))
                ELSE '[]' END
        WHEN trim(equipment_needed) <> '' THEN json_array(trim(equipment_needed))
        ELSE '[]' END AS equipment_json,
    CASE WHEN json_valid(instructions) THEN
            CASE json_type(instructions)
                WHEN 'array' THEN instructions
                WHEN 'text' THEN json_array(json_extract(instructions, '$'))
                ELSE '[]' END
        WHEN trim(instructions) <> '' THEN json_array(trim(instructions))
        ELSE '[]' END AS instructions_json
FROM legacy_exercises;

-- Every muscle an exercise names, primary list first, in list order. The slug matches the
-- toolchain's slug() for ordinary names (spaces and hyphens become one underscore).
CREATE TEMPORARY TABLE legacy_muscle_mentions AS
SELECT exercise_id, list_rank, list_index, name,
       lower(replace(replace(replace(replace(name, '-', '_'), ' ', '_'), '__', '_'), '__', '_')) AS slug
FROM (
    SELECT r.exercise_id, 1 AS list_rank, CAST(j.key AS INTEGER) AS list_index, trim(j.value) AS name
    FROM legacy_rows AS r, json_each(r.primary_json) AS j
    WHERE j.type = 'text' AND trim(j.value) <> ''
    UNION ALL
    SELECT r.exercise_id, 2 AS list_rank, CAST(j.key AS INTEGER) AS list_index, trim(j.value) AS name
    FROM legacy_rows AS r, json_each(r.secondary_json) AS j
    WHERE j.type = 'text' AND trim(j.value) <> ''
) AS mentions;

-- The primary muscle: the first muscle named, else "Unclassified".
CREATE TEMPORARY TABLE legacy_primary_muscles AS
SELECT r.exercise_id,
       coalesce((SELECT m.slug FROM legacy_muscle_mentions AS m
                 WHERE m.exercise_id = r.exercise_id
                 ORDER BY m.list_rank, m.list_index LIMIT 1), 'unclassified') AS slug
FROM legacy_rows AS r;

-- The equipment category: the first equipment named, else Bodyweight.
CREATE TEMPORARY TABLE legacy_categories AS
SELECT exercise_id, name,
       lower(replace(replace(replace(replace(name, '-', '_'), ' ', '_'), '__', '_'), '__', '_')) AS slug
FROM (
    SELECT r.exercise_id,
           coalesce((SELECT trim(j.value) FROM json_each(r.equipment_json) AS j
                     WHERE j.type = 'text' AND trim(j.value) <> ''
                     ORDER BY CAST(j.key AS INTEGER) LIMIT 1), 'Bodyweight') AS name
    FROM legacy_rows AS r
) AS firsts;

-- Instruction lines that are not blank, numbered from 1.
CREATE TEMPORARY TABLE legacy_instruction_lines AS
SELECT r.exercise_id,
       ROW_NUMBER() OVER (PARTITION BY r.exercise_id ORDER BY CAST(j.key AS INTEGER)) AS line,
       trim(j.value) AS instruction
FROM legacy_rows AS r, json_each(r.instructions_json) AS j
WHERE j.type = 'text' AND trim(j.value) <> '';

-- Lookups: only the values the legacy rows use. Names that differ only in case or spacing
-- share a slug and become one row (the alphabetically first spelling).
INSERT INTO complexity_levels (level, label, description)
SELECT levels.level, levels.label, levels.description
FROM (
    SELECT 1 AS level, 'Beginner' AS label, 'Carried over from legacy difficulty "beginner".' AS description
    UNION ALL SELECT 2, 'Intermediate', 'Carried over from legacy difficulty "intermediate".'
    UNION ALL SELECT 3, 'Advanced', 'Carried over from legacy difficulty "advanced".'
) AS levels
WHERE levels.level IN (SELECT complexity_level FROM legacy_rows);

INSERT INTO equipment_categories (id, name, slug, position)
SELECT ROW_NUMBER() OVER (ORDER BY slug), name, slug, ROW_NUMBER() OVER (ORDER BY slug)
FROM (SELECT slug, min(name) AS name FROM legacy_categories GROUP BY slug) AS categories;

INSERT INTO muscles (id, name, slug, body_region)
SELECT ROW_NUMBER() OVER (ORDER BY slug), name, slug,
       CASE slug
           WHEN 'chest' THEN 'upper' WHEN 'shoulders' THEN 'upper' WHEN 'back' THEN 'upper'
           WHEN 'upper_back' THEN 'upper' WHEN 'lats' THEN 'upper' WHEN 'traps' THEN 'upper'
           WHEN 'biceps' THEN 'upper' WHEN 'triceps' THEN 'upper' WHEN 'forearms' THEN 'upper'
           WHEN 'abs' THEN 'core' WHEN 'core' THEN 'core' WHEN 'obliques' THEN 'core'
           WHEN 'lower_back' THEN 'core'
           WHEN 'quads' THEN 'lower' WHEN 'quadriceps' THEN 'lower' WHEN 'hamstrings' THEN 'lower'
           WHEN 'glutes' THEN 'lower' WHEN 'calves' THEN 'lower' WHEN 'adductors' THEN 'lower'
           WHEN 'abductors' THEN 'lower' WHEN 'hip_flexors' THEN 'lower'
       END
FROM (
    SELECT slug, min(name) AS name FROM (
        SELECT slug, name FROM legacy_muscle_mentions
        UNION ALL
        SELECT slug, 'Unclassified' FROM legacy_primary_muscles WHERE slug = 'unclassified'
    ) AS named GROUP BY slug
) AS distinct_muscles;

INSERT INTO movement_patterns (id, name, slug, description)
SELECT 1, 'Unclassified', 'unclassified',
       'Carried over from the legacy schema, which had no movement pattern.'
WHERE EXISTS (SELECT 1 FROM legacy_rows);

-- Each legacy exercise is its own swap group until the next catalogue build.
INSERT INTO canonical_groups (id, name)
SELECT ROW_NUMBER() OVER (ORDER BY display_name), display_name
FROM (SELECT DISTINCT display_name FROM legacy_rows) AS names;

INSERT INTO exercises (
    id, display_name, canonical_group_id, equipment_category_id, equipment_item_id,
    primary_muscle_id, movement_pattern_id, complexity_level, is_isolation,
    include_in_programme, video_url, thumbnail_url)
SELECT r.exercise_id, r.display_name, g.id, c.id, NULL,
       m.id, (SELECT p.id FROM movement_patterns AS p WHERE p.slug = 'unclassified'),
       r.complexity_level, 0, 0, r.video_url, r.thumbnail_url
FROM legacy_rows AS r
JOIN canonical_groups AS g ON g.name = r.display_name
JOIN legacy_categories AS lc ON lc.exercise_id = r.exercise_id
JOIN equipment_categories AS c ON c.slug = lc.slug
JOIN legacy_primary_muscles AS lp ON lp.exercise_id = r.exercise_id
JOIN muscles AS m ON m.slug = lp.slug;

-- Secondary muscles: the other muscles named, primary list first, each once, in list order.
INSERT INTO exercise_secondary_muscles (exercise_id, position, muscle_id)
SELECT exercise_id, ROW_NUMBER() OVER (PARTITION BY exercise_id ORDER BY first_mention), muscle_id
FROM (
    SELECT mm.exercise_id, mu.id AS muscle_id,
           min(mm.list_rank * 1000000 + mm.list_index) AS first_mention
    FROM legacy_muscle_mentions AS mm
    JOIN legacy_primary_muscles AS lp ON lp.exercise_id = mm.exercise_id
    JOIN muscles AS mu ON mu.slug = mm.slug
    WHERE mm.slug <> lp.slug
    GROUP BY mm.exercise_id, mu.id
) AS secondaries;

-- Steps 1-3 as they were; any further lines join into step 4, so no text is lost.
INSERT INTO exercise_instructions (exercise_id, step, instruction)
SELECT exercise_id, line, instruction FROM legacy_instruction_lines WHERE line <= 3;

INSERT INTO exercise_instructions (exercise_id, step, instruction)
SELECT exercise_id, 4, group_concat(instruction, ' ')
FROM (SELECT exercise_id, line, instruction FROM legacy_instruction_lines
      WHERE line >= 4 ORDER BY exercise_id, line) AS rest
GROUP BY exercise_id;

DROP TABLE legacy_instruction_lines;
DROP TABLE legacy_categories;
DROP TABLE legacy_primary_muscles;
DROP TABLE legacy_muscle_mentions;
DROP TABLE legacy_rows;
DROP TABLE legacy_exercises;
