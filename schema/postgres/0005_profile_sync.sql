-- 0005 · The profile syncs as every row of the training log does (the device's `profiles`,
-- schema/training-log/0003): it gains the id the device gave it, and its motivations become a
-- JSON array, the device's form of them. One profile per user still: the sync matches it by
-- its owner, as it does the settings row. Shipped: never edit.

ALTER TABLE profiles ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE;

-- The checks that read the motivations as an array of text go, and come back for JSON.
DO $$
DECLARE
    constraint_name text;
BEGIN
    FOR constraint_name IN
        SELECT conname FROM pg_constraint
        WHERE conrelid = 'public.profiles'::regclass AND contype = 'c'
          AND pg_get_constraintdef(oid) LIKE '%motivations%'
    LOOP
        EXECUTE format('ALTER TABLE public.profiles DROP CONSTRAINT %I', constraint_name);
    END LOOP;
END
$$;
ALTER TABLE profiles ALTER COLUMN motivations DROP DEFAULT;
ALTER TABLE profiles ALTER COLUMN motivations TYPE jsonb USING to_jsonb(motivations);
ALTER TABLE profiles ALTER COLUMN motivations SET DEFAULT '[]';
ALTER TABLE profiles ADD CONSTRAINT profiles_motivations_check CHECK (
    jsonb_typeof(motivations) = 'array'
    AND motivations <@ '["structure", "guidance", "confidence", "motivation", "accountability", "other"]');
ALTER TABLE profiles ADD CONSTRAINT profiles_other_motivation_named CHECK (
    motivation_other IS NULL OR motivations ? 'other');
