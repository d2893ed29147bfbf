import SchemaMigrations
import UserStore

/// The journal store's schema: the files of `schema/fitness-journal/`, in the order they apply.
public enum FitnessJournalSchema {
    /// Append a new file here; never edit, reorder or remove an entry (FitnessJournalTests fails
    /// when a file on disk is missing here or when a shipped file's text changes).
    public static let migrations: [SchemaMigration] = [
        SchemaMigration(identifier: "0001_fitness_journal", bytes: PackageResources._001_fitness_journal_sql),
        SchemaMigration(identifier: "0002_moments", bytes: PackageResources._002_moments_sql),
        SchemaMigration(identifier: "0003_row_ids", bytes: PackageResources._003_row_ids_sql),
        SchemaMigration(
            identifier: "0004_lists_in_saved_order", bytes: PackageResources._004_lists_in_saved_order_sql),
        SchemaMigration(identifier: "0005_day_summaries", bytes: PackageResources._005_day_summaries_sql),
    ]

    /// Applies `migrations`.
    public static let migrator = SchemaMigrator(migrations: migrations)

    /// The schema version of a fully migrated journal.
    public static var latestVersion: Int {
        migrator.latestVersion
    }
}

/// The journal as a user store: its file's kind, its migrations, its error, and the settings
/// row a new journal starts with.
extension FitnessJournalSchema: StoreDefinition {
    public static var kind: StoreKind { .journal }
    public static var noun: String { "the journal" }
    public static var seedTable: String? { SettingsRecord.databaseTableName }

    public static func failure(_ failure: StoreFailure) -> JournalError {
        JournalError(failure)
    }

    public static func momentRefused(_ reason: String) -> JournalError {
        JournalError(.invalidField, reason)
    }
}
