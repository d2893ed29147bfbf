import Foundation
import PostgresStore
import TestSupport
import Testing

@Suite("PostgreSQL migrations")
struct PostgresSchemaTests {
    /// FNV-1a (64-bit) of each shipped file's text. A shipped migration is never edited: when
    /// this test fails, revert the edit and add a new migration instead. Only a new file's line
    /// may be added here.
    static let pinnedChecksums: [String: String] = [
        "0001_catalogue": "2b270303f932b332",
        "0002_catalogue_access": "e7e4893ec9b74754",
        "0003_training_log": "55cf01f7793651e9",
        "0004_account": "6e4691c1d539158e",
        "0005_profile_sync": "789d8d974781b6be",
        "0006_rows_per_user": "a6df407538a69b27",
        "0007_change_cursor": "301ec7647f5d11d6",
        "0008_sync_protocol": "17e01721de25f80b",
        "0009_exercise_exceptions": "8eced9dd9e77ea0d",
        "0010_sync_planned_once": "8ab04c4b8ba561dd",
        "0011_sync_in_one_call": "c147471e13b7c738",
        "0012_exception_cues": "cd7047e62714f6ba",
        "0013_sync_hardened": "3b1035979f727b0c",
        "0014_account_deleted": "5b61504cc2719d07",
        "0015_subscriptions": "63c522a46a3a4ba4",
        "0016_sync_exchange_whole": "c38e3eed2b59044a",
        "0017_change_number_unpinned": "f076026171795de6",
        "0018_sync_answer_short": "f96fdedd3c982ee4",
        "0019_service_in_one_statement": "05708e136fa82713",
        "0020_programme_bounds_on_write": "b126f43ff722d8a6",
        "0021_sync_push_unjoined": "060ff82f2e13d2a3",
        "0022_log_indexes_the_server_reads": "0e22c895178210e5",
    ]

    static let directory = PackageRoot.url("schema/postgres")

    @Test("a shipped migration's text never changes", arguments: PostgresSchema.migrations.map(\.identifier))
    func checksumIsPinned(identifier: String) throws {
        let migration = try #require(PostgresSchema.migrations.first { $0.identifier == identifier })
        #expect(Self.pinnedChecksums[identifier] == Checksum.fnv1a(migration.sql))
    }

    @Test("every pinned migration is still shipped")
    func pinnedMigrationsAreShipped() {
        #expect(Set(Self.pinnedChecksums.keys) == Set(PostgresSchema.migrations.map(\.identifier)))
    }

    @Test("every numbered schema/postgres/*.sql file is registered, with the text on disk")
    func everyFileIsRegistered() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".sql") && $0.first?.isNumber == true }.sorted()
        #expect(onDisk == PostgresSchema.migrations.map(\.fileName))
        for migration in PostgresSchema.migrations {
            let text = try String(
                contentsOf: Self.directory.appendingPathComponent(migration.fileName), encoding: .utf8)
            #expect(text == migration.sql, "\(migration.fileName) differs from its embedded copy; rebuild")
        }
    }

    @Test("migrations are numbered 1, 2, 3 … in order")
    func numbersAreConsecutive() {
        #expect(PostgresSchema.migrations.map(\.number) == Array(1...PostgresSchema.migrations.count))
    }
}
