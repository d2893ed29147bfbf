import SchemaMigrations
import UserStore

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
        SchemaMigration(
            identifier: "0008_subscription_checked", bytes: PackageResources._008_subscription_checked_sql),
    ]

    /// Applies `migrations`.
    public static let migrator = SchemaMigrator(migrations: migrations)

    /// The schema version of a fully migrated training log.
    public static var latestVersion: Int {
        migrator.latestVersion
    }
}

/// The training log as a user store: its file's kind, its migrations, its error, and the
/// settings row a new log starts with.
extension TrainingLogSchema: StoreDefinition {
    public static var kind: StoreKind { .trainingLog }
    public static var noun: String { "the training log" }
    public static var seedTable: String? { UserSettingsRecord.databaseTableName }

    public static func failure(_ failure: StoreFailure) -> TrainingLogError {
        TrainingLogError(failure)
    }

    public static func momentRefused(_ reason: String) -> TrainingLogError {
        TrainingLogError(.invalidMoment, reason)
    }
}

/// A table of the training log that a sync exchanges with the server, named by its record.
package struct SyncedLogTable: Sendable {
    /// The table's name, as its record spells it.
    package let name: String
    /// The server matches an incoming row by its owner, not its id: one settings row and one
    /// profile per user, whichever device made it first.
    package let oneRowPerUser: Bool
    /// The column naming the row this one belongs to (whose deletion takes it along), if any.
    package let parent: String?

    init(_ record: any StoreRecord.Type, oneRowPerUser: Bool = false, parent: String? = nil) {
        name = record.databaseTableName
        self.oneRowPerUser = oneRowPerUser
        self.parent = parent
    }

    /// Whether the app deletes rows of this table (`deleted_rows` carries their ids).
    package var deletable: Bool { !oneRowPerUser }
}

extension TrainingLogSchema {
    /// The tables a sync exchanges, parents before children, each named by the log's own record
    /// (and its parent column by the record's `CodingKeys`): the log's schema is spelt by its
    /// migrations and its records, and nowhere else.
    package static let syncedTables = [
        SyncedLogTable(UserSettingsRecord.self, oneRowPerUser: true),
        SyncedLogTable(ProfileRecord.self, oneRowPerUser: true),
        SyncedLogTable(ProgrammeRecord.self),
        SyncedLogTable(WorkoutRecord.self, parent: WorkoutRecord.CodingKeys.programmeId.stringValue),
        SyncedLogTable(ExerciseLogRecord.self, parent: ExerciseLogRecord.CodingKeys.workoutId.stringValue),
        SyncedLogTable(LoggedSetRecord.self, parent: LoggedSetRecord.CodingKeys.exerciseLogId.stringValue),
    ]

    /// The table of the ids of rows the app deleted, which the sync sends on.
    package static let deletedRowsTable = DeletedRowRecord.databaseTableName

    /// Every table the sync reads or writes: the synced ones, the deletions, the cursors and
    /// the deleted accounts.
    package static var syncTables: [String] {
        syncedTables.map(\.name) + [
            deletedRowsTable, SyncCursorRecord.databaseTableName, DeletedAccountRecord.databaseTableName,
        ]
    }

    /// The columns the sync names in every synced table, and those of two of them it reads to
    /// order the server's rows, each as the log's records spell it (every synced record has
    /// `id`, `updated_at` and `synced_at`; `TrainingLogSchemaTests` checks them against the
    /// migrated log).
    package enum SyncColumn {
        /// The row's id, its primary key.
        package static let id = UserSettingsRecord.CodingKeys.id.stringValue
        /// The moment of the row's last change: the version the sync sends.
        package static let updatedAt = UserSettingsRecord.CodingKeys.updatedAt.stringValue
        /// The version last synced (NULL for a row never synced): the base of the next change.
        package static let syncedAt = UserSettingsRecord.CodingKeys.syncedAt.stringValue
        /// The column that keeps the one-row tables (`oneRowPerUser`) at one row: the log's
        /// alone, never sent (no record reads it; migrations 0001 and 0003 make it).
        package static let singleton = "singleton"
        /// Whether a programme is the active one.
        package static let isActive = ProgrammeRecord.CodingKeys.isActive.stringValue
        /// A workout's state, and the state of a closed one.
        package static let state = WorkoutRecord.CodingKeys.state.stringValue
        package static let completed = WorkoutRecord.State.completed.rawValue
    }
}
