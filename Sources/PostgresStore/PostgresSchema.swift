import SchemaMigrations

/// The server's schema: the files of `schema/postgres/`, in the order they apply.
public enum PostgresSchema {
    /// Append a new file here; never edit, reorder or remove an entry (PostgresStoreTests fails
    /// when a numbered file on disk is missing here or when a shipped file's text changes).
    public static let migrations: [SchemaMigration] = [
        SchemaMigration(identifier: "0001_catalogue", bytes: PackageResources._001_catalogue_sql),
        SchemaMigration(identifier: "0002_catalogue_access", bytes: PackageResources._002_catalogue_access_sql),
        SchemaMigration(identifier: "0003_training_log", bytes: PackageResources._003_training_log_sql),
        SchemaMigration(identifier: "0004_account", bytes: PackageResources._004_account_sql),
        SchemaMigration(identifier: "0005_profile_sync", bytes: PackageResources._005_profile_sync_sql),
        SchemaMigration(identifier: "0006_rows_per_user", bytes: PackageResources._006_rows_per_user_sql),
        SchemaMigration(identifier: "0007_change_cursor", bytes: PackageResources._007_change_cursor_sql),
        SchemaMigration(identifier: "0008_sync_protocol", bytes: PackageResources._008_sync_protocol_sql),
        SchemaMigration(
            identifier: "0009_exercise_exceptions", bytes: PackageResources._009_exercise_exceptions_sql),
        SchemaMigration(identifier: "0010_sync_planned_once", bytes: PackageResources._010_sync_planned_once_sql),
        SchemaMigration(identifier: "0011_sync_in_one_call", bytes: PackageResources._011_sync_in_one_call_sql),
        SchemaMigration(identifier: "0012_exception_cues", bytes: PackageResources._012_exception_cues_sql),
        SchemaMigration(identifier: "0013_sync_hardened", bytes: PackageResources._013_sync_hardened_sql),
        SchemaMigration(identifier: "0014_account_deleted", bytes: PackageResources._014_account_deleted_sql),
        SchemaMigration(identifier: "0015_subscriptions", bytes: PackageResources._015_subscriptions_sql),
        SchemaMigration(
            identifier: "0016_sync_exchange_whole", bytes: PackageResources._016_sync_exchange_whole_sql),
        SchemaMigration(
            identifier: "0017_change_number_unpinned", bytes: PackageResources._017_change_number_unpinned_sql),
        SchemaMigration(identifier: "0018_sync_answer_short", bytes: PackageResources._018_sync_answer_short_sql),
        SchemaMigration(
            identifier: "0019_service_in_one_statement", bytes: PackageResources._019_service_in_one_statement_sql),
        SchemaMigration(
            identifier: "0020_programme_bounds_on_write", bytes: PackageResources._020_programme_bounds_on_write_sql),
        SchemaMigration(identifier: "0021_sync_push_unjoined", bytes: PackageResources._021_sync_push_unjoined_sql),
        SchemaMigration(
            identifier: "0022_log_indexes_the_server_reads",
            bytes: PackageResources._022_log_indexes_the_server_reads_sql),
    ]

    /// What a Supabase project has before TrainDB's migrations, for plain PostgreSQL: the roles,
    /// `auth.uid()` and the default grants (`schema/postgres/supabase-stand-in.sql`).
    public static let supabaseStandIn = String(
        decoding: PackageResources.supabase_stand_in_sql, as: UTF8.self)

    /// Applies `migrations`.
    public static let migrator = PostgresMigrator(migrations: migrations)
}
