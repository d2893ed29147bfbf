-- 0003 · The user's profile: the questionnaire's About-you answers (business rules §12), kept
-- beside the programmes they came with, one row. Heights in cm and weights in kg, each with the
-- unit the user answered in, so they are shown back as entered; the weight unit is also the
-- log's (`user_settings.weight_unit` follows it). `member_since` is the user's date when the
-- profile was first written. Synced as every row of the log is (the server's `profiles`).
-- Shipped: never edit; a change is a new file.
CREATE TABLE profiles (
    id               TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    singleton        INTEGER NOT NULL DEFAULT 1 UNIQUE CHECK (singleton = 1),
    gender           TEXT    CHECK (gender IN ('male', 'female', 'other')),
    date_of_birth    TEXT    CHECK (date_of_birth GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    -- The widest either unit allows: 3 ft 0 in (91.4 cm) to 8 ft 0 in, 60 lbs (27.216 kg) to 200 kg.
    height_cm        REAL    CHECK (height_cm BETWEEN 91.4 AND 243.8),
    height_unit      TEXT    CHECK (height_unit IN ('cm', 'ftIn')),
    weight_kg        REAL    CHECK (weight_kg BETWEEN 27.215 AND 200),
    weight_unit      TEXT    CHECK (weight_unit IN ('kg', 'lbs')),
    -- A JSON array of the motivation slugs, in the order given.
    motivations      TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(motivations) AND json_type(motivations) = 'array'),
    motivation_other TEXT    CHECK (length(motivation_other) BETWEEN 1 AND 1000),
    member_since     TEXT    NOT NULL CHECK (member_since GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    updated_at       TEXT    NOT NULL,
    synced_at        TEXT,
    CHECK ((height_cm IS NULL) = (height_unit IS NULL)),
    CHECK ((weight_kg IS NULL) = (weight_unit IS NULL))
);
