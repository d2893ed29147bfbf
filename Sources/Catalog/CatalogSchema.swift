import SchemaMigrations

/// The catalogue store's schema: the files of `schema/`, in the order they apply.
public enum CatalogSchema {
    /// Append a new file here; never edit, reorder or remove an entry (CatalogTests fails when a
    /// file on disk is missing here or when a shipped file's text changes).
    public static let migrations: [SchemaMigration] = [
        SchemaMigration(
            identifier: "0001_legacy_exercises",
            bytes: PackageResources._001_legacy_exercises_sql,
            adopting: legacyExercises),
        SchemaMigration(
            identifier: "0002_normalised_catalogue",
            bytes: PackageResources._002_normalised_catalogue_sql),
        SchemaMigration(
            identifier: "0003_carry_legacy_exercises",
            bytes: PackageResources._003_carry_legacy_exercises_sql),
        SchemaMigration(
            identifier: "0004_selection_tier",
            bytes: PackageResources._004_selection_tier_sql),
        SchemaMigration(
            identifier: "0005_exercise_exceptions",
            bytes: PackageResources._005_exercise_exceptions_sql),
        SchemaMigration(
            identifier: "0006_exception_cues",
            bytes: PackageResources._006_exception_cues_sql),
    ]

    /// The record of every catalogue table, parents before children: the order rows are
    /// written in.
    package static let recordTypes: [any CatalogRecord.Type] = [
        EquipmentCategoryRecord.self, EquipmentItemRecord.self, MuscleRecord.self, MovementPatternRecord.self,
        ComplexityLevelRecord.self, SelectionTierRecord.self, CanonicalGroupRecord.self, ExerciseRecord.self,
        ExerciseSecondaryMuscleRecord.self, ExerciseInstructionRecord.self, JointRecord.self,
        ContraindicationRecord.self, ExerciseExceptionRecord.self, CatalogueProvenanceRecord.self,
        CatalogueSourceRecord.self,
    ]

    /// Applies `migrations`.
    public static let migrator = SchemaMigrator(migrations: migrations)

    /// The schema version of a fully migrated database: the last migration's number.
    public static var latestVersion: Int {
        migrator.latestVersion
    }

    /// The old app's `exercises` table (never migrated by this toolchain) is taken as 0001's.
    private static let legacyExercises = SchemaMigration.Adoption(
        table: "exercises",
        columns: [
            "exercise_id", "exercise_name", "video_url", "thumbnail_url", "primary_muscles",
            "secondary_muscles", "equipment_needed", "instructions", "difficulty",
        ])
}
