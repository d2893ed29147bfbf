import SchemaMigrations
import UserStore

/// GymTrack's schema: the files of `schema/gymtrack/`, in the order they apply.
public enum GymTrackSchema {
    /// Append a new file here; never edit, reorder or remove an entry (GymTrackTests fails when a
    /// file on disk is missing here or when a shipped file's text changes).
    public static let migrations: [SchemaMigration] = [
        SchemaMigration(
            identifier: "0001_sessions_and_challenge", bytes: PackageResources._001_sessions_and_challenge_sql),
        SchemaMigration(identifier: "0002_session_in_progress", bytes: PackageResources._002_session_in_progress_sql),
        SchemaMigration(identifier: "0003_moments", bytes: PackageResources._003_moments_sql),
        SchemaMigration(identifier: "0004_row_ids", bytes: PackageResources._004_row_ids_sql),
    ]

    /// Applies `migrations`.
    public static let migrator = SchemaMigrator(migrations: migrations)

    /// The schema version of a fully migrated store.
    public static var latestVersion: Int {
        migrator.latestVersion
    }
}

/// GymTrack as a user store: its file's kind, its migrations and its error. A new store starts
/// empty.
extension GymTrackSchema: StoreDefinition {
    public static var kind: StoreKind { .gymTrack }
    public static var noun: String { "the GymTrack store" }

    public static func failure(_ failure: StoreFailure) -> GymTrackError {
        GymTrackError(failure)
    }

    public static func momentRefused(_ reason: String) -> GymTrackError {
        GymTrackError(.invalidValue, reason)
    }
}
