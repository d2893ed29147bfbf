-- The app's exercise query, the same text on SQLite and on PostgreSQL: the library, the
-- questionnaire's filters, the generator's candidates and the logger's swaps. Every parameter
-- is optional: NULL lets every exercise through.
--
--  $1  equipment: the categories the user has, as ',slug,slug,' (NULL: any equipment)
--  $2  equipment: the items the user has, as ',category:item,' and ',category:*,' for a
--      category with all its items (with $1 set; NULL or ',' for none)
--  $3  primary muscle slug
--  $4  movement pattern slug
--  $5  highest complexity level (1-4)
--  $6  selection tier (1-3)
--  $7  isolation: true for isolation exercises only, false for compounds only
--  $8  true: programme exercises only (include_in_programme)
--  $9  display-name search: lower-case text whose %, _ and \ are escaped with \
--  $10 swaps for this exercise id: the other members of its canonical group, closest
--      complexity first
--  $11 this exercise id only
--
-- The equipment rule: a Bodyweight exercise naming no item is always allowed; an exercise
-- naming no item needs its category; an exercise naming an item needs that item under that
-- category, or the category with all its items. Slugs hold no ',' or ':'. Case is folded for
-- ASCII letters only (lower() in SQLite; the columns are COLLATE "C" in PostgreSQL).
SELECT e.id, e.display_name, g.name AS canonical_name, c.name AS equipment_category,
       i.name AS equipment_item, m.name AS primary_muscle, p.name AS movement_pattern,
       e.complexity_level, e.selection_tier, e.is_isolation, e.include_in_programme,
       e.video_url, e.thumbnail_url
FROM exercises AS e
JOIN canonical_groups AS g ON g.id = e.canonical_group_id
JOIN equipment_categories AS c ON c.id = e.equipment_category_id
LEFT JOIN equipment_items AS i ON i.id = e.equipment_item_id
JOIN muscles AS m ON m.id = e.primary_muscle_id
JOIN movement_patterns AS p ON p.id = e.movement_pattern_id
LEFT JOIN exercises AS base ON base.id = $10
WHERE ($1 IS NULL
       OR (c.slug = 'bodyweight' AND e.equipment_item_id IS NULL)
       OR (e.equipment_item_id IS NULL
           AND $1 LIKE '%,' || replace(c.slug, '_', '\_') || ',%' ESCAPE '\')
       OR (e.equipment_item_id IS NOT NULL
           AND ($2 LIKE '%,' || replace(c.slug || ':' || i.slug, '_', '\_') || ',%' ESCAPE '\'
                OR $2 LIKE '%,' || replace(c.slug, '_', '\_') || ':*,%' ESCAPE '\')))
  AND ($3 IS NULL OR m.slug = $3)
  AND ($4 IS NULL OR p.slug = $4)
  AND ($5 IS NULL OR e.complexity_level <= $5)
  AND ($6 IS NULL OR e.selection_tier = $6)
  AND ($7 IS NULL OR e.is_isolation = $7)
  AND ($8 IS NULL OR e.include_in_programme = $8)
  AND ($9 IS NULL OR lower(e.display_name) LIKE '%' || $9 || '%' ESCAPE '\')
  AND ($10 IS NULL OR (e.canonical_group_id = base.canonical_group_id AND e.id <> base.id))
  AND ($11 IS NULL OR e.id = $11)
ORDER BY abs(e.complexity_level - coalesce(base.complexity_level, e.complexity_level)),
         lower(e.display_name), e.display_name, e.id
