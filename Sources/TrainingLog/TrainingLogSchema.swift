import SchemaMigrations

/// The training log store's schema: the files of `schema/training-log/`, in the order they apply.
public enum TrainingLogSchema {
    /// Append a new file here; never edit, reorder or remove an entry (TrainingLogTests fails
    /// when a file on disk is missing here or when a shipped file's text changes).
    public static let migrations: [SchemaMigration] = [
        SchemaMigration(identifier: "0001_training_log", bytes: PackageResources._001_training_log_sql),
        SchemaMigration(
            identifier: "0002_exercise_logs_by_workout", bytes: PackageResources._002_exercise_logs_by_workout_sql),
        SchemaMigration(identifier: "0003_profiles", bytes: PackageResources._003_profiles_sql),
        SchemaMigration(identifier: "0004_sync_cursor", bytes: PackageResources._004_sync_cursor_sql),
        SchemaMigration(identifier: "0005_unsynced_rows", bytes: PackageResources._005_unsynced_rows_sql),
        SchemaMigration(identifier: "0006_account_deleted", bytes: PackageResources._006_account_deleted_sql),
        SchemaMigration(identifier: "0007_subscription", bytes: PackageResources._007_subscription_sql),
    ]

    /// Applies `migrations`.
    public static let migrator = SchemaMigrator(migrations: migrations)

    /// The schema version of a fully migrated training log.
    public static var latestVersion: Int {
        migrator.latestVersion
    }
}
