extension SchemaMigration {
    /// Every file of `schema/`, in the order they apply. Append a new file here; never edit,
    /// reorder or remove an entry (CatalogTests fails when a file on disk is missing here or
    /// when a shipped file's text changes).
    public static let shipped: [SchemaMigration] = [
        SchemaMigration(
            identifier: "0001_legacy_exercises",
            bytes: PackageResources._001_legacy_exercises_sql),
        SchemaMigration(
            identifier: "0002_normalised_catalogue",
            bytes: PackageResources._002_normalised_catalogue_sql),
        SchemaMigration(
            identifier: "0003_carry_legacy_exercises",
            bytes: PackageResources._003_carry_legacy_exercises_sql),
        SchemaMigration(
            identifier: "0004_selection_tier",
            bytes: PackageResources._004_selection_tier_sql),
    ]

    /// The schema version of a fully migrated database: the last shipped migration's number.
    public static var latestVersion: Int {
        shipped.last?.number ?? 0
    }
}
