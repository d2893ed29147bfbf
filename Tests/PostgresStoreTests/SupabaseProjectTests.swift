import Foundation
import PostgresStore
import TestSupport
import Testing

/// `supabase/` is laid out as the Supabase CLI expects, deploying the very migrations
/// `traindb publish` applies, with business rules §12's auth settings.
@Suite("Supabase project folder")
struct SupabaseProjectTests {
    static let migrations = PackageRoot.url("supabase/migrations")

    @Test("supabase/migrations links every schema/postgres migration, as the CLI names them")
    func migrationsAreTheSame() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.migrations.path).sorted()
        let expected = PostgresSchema.migrations.map { migration in
            "2026010100" + migration.fileName.prefix(4) + migration.fileName.dropFirst(4)
        }
        #expect(onDisk == expected, "run scripts/supabase-migrations")
        for (migration, name) in zip(PostgresSchema.migrations, expected) {
            // A link to the one source, read through as the Supabase CLI reads it.
            let link = try? FileManager.default.destinationOfSymbolicLink(
                atPath: Self.migrations.appendingPathComponent(name).path)
            #expect(link == "../../schema/postgres/\(migration.fileName)", "\(name) → \(link ?? "not a link")")
            let text = try? String(contentsOf: Self.migrations.appendingPathComponent(name), encoding: .utf8)
            #expect(text == migration.sql, "\(name) differs from schema/postgres/\(migration.fileName)")
        }
        // The CLI orders migrations by a 14-digit version before the first underscore.
        #expect(onDisk.allSatisfy { $0.prefix(while: { $0 != "_" }).count == 14 })
    }

    @Test("config.toml: passwords of 6+ characters, a 6-digit email code valid 10 minutes")
    func authSettings() throws {
        let config = try String(contentsOf: PackageRoot.url("supabase/config.toml"), encoding: .utf8)
        let settings = Self.settings(config)
        #expect(settings["auth.minimum_password_length"] == "6")
        #expect(settings["auth.email.otp_length"] == "6")
        #expect(settings["auth.email.otp_expiry"] == "600")
        #expect(settings["auth.jwt_expiry"] == "3600")
        #expect(settings["db.major_version"] == "15")
        #expect(settings["project_id"] == "\"traindb\"")
    }

    /// `table.key` → value text of a flat TOML file (tables and `key = value` lines).
    static func settings(_ toml: String) -> [String: String] {
        var table = ""
        var settings: [String: String] = [:]
        for line in toml.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            if text.hasPrefix("[") {
                table = String(text.dropFirst().dropLast())
                continue
            }
            let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            settings[table.isEmpty ? parts[0] : "\(table).\(parts[0])"] = parts[1]
        }
        return settings
    }
}
