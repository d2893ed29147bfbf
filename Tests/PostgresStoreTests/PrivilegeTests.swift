import Catalog
import Foundation
import PostgresNIO
import PostgresStore
import Testing

extension PostgresTests {
    /// What the app's roles may do on the server, listed whole: every privilege `anon`,
    /// `authenticated` and `PUBLIC` hold on the schema's tables, columns, sequences and functions,
    /// against the one allowed list below. Supabase grants every role ALL on each new object by
    /// default, so a new table, sequence or function that a migration does not lock down fails
    /// here (business rules §13: no app role can write what the sync relies on).
    @Suite("access: every privilege of the app's roles, against the allowed list")
    struct PrivilegeTests {
        static let catalogue = [
            "canonical_groups", "catalogue_provenance", "catalogue_sources", "complexity_levels", "contraindications",
            "equipment_categories", "equipment_items", "exercise_exceptions", "exercise_instructions",
            "exercise_secondary_muscles", "exercises", "joints", "movement_patterns", "muscles", "selection_tiers",
        ]
        /// A user's own rows, under row-level security.
        static let userTables = [
            "deleted_rows", "exercise_logs", "logged_sets", "profiles", "programmes", "user_settings", "workouts",
        ]
        /// What a signed-in user calls by `rpc`, each running as the user.
        static let userFunctions = [
            "delete_my_data()", "erase_user_rows(uuid)", "export_my_data()", "sync_bounds()", "sync_columns(text)",
            "sync_device_value(text,text)", "sync_exchange(jsonb,bigint)", "sync_guard()", "sync_pull(bigint)",
            "sync_push(jsonb)", "sync_tables()", "user_tables()",
        ]

        /// `grantee privilege kind object`, one line per privilege allowed.
        static let allowed: Set<String> = Set(
            catalogue.flatMap { table in ["anon SELECT table \(table)", "authenticated SELECT table \(table)"] }
                + userTables.flatMap { table in
                    ["SELECT", "INSERT", "UPDATE", "DELETE"].map { "authenticated \($0) table \(table)" }
                }
                + userFunctions.map { "authenticated EXECUTE function \($0)" }
                // The subscription (0015): its user reads it and deletes it with the account; only
                // the service writes it.
                + ["authenticated SELECT table subscriptions", "authenticated DELETE table subscriptions"])

        /// Every privilege the app's roles and PUBLIC hold on the objects of the schema `public`.
        static let held = """
            SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END
                   || ' ' || a.privilege_type || ' ' || o.kind || ' ' || o.object
            FROM (
                SELECT CASE c.relkind WHEN 'S' THEN 'sequence' ELSE 'table' END AS kind, c.relname::text AS object,
                       coalesce(c.relacl, acldefault(CASE c.relkind WHEN 'S' THEN 's'::"char" ELSE 'r'::"char" END,
                                                     c.relowner)) AS acl
                FROM pg_class AS c
                WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
                UNION ALL
                SELECT 'column', c.relname || '.' || att.attname, att.attacl
                FROM pg_attribute AS att JOIN pg_class AS c ON c.oid = att.attrelid
                WHERE c.relnamespace = 'public'::regnamespace AND att.attacl IS NOT NULL
                UNION ALL
                SELECT 'function', p.oid::regprocedure::text, coalesce(p.proacl, acldefault('f', p.proowner))
                FROM pg_proc AS p WHERE p.pronamespace = 'public'::regnamespace
            ) AS o CROSS JOIN LATERAL aclexplode(o.acl) AS a
            WHERE a.grantee = 0 OR a.grantee IN ('anon'::regrole, 'authenticated'::regrole)
            """

        /// The text of each row `sql` selects.
        static func lines(_ sql: String, on connection: PostgresConnection) async throws -> [String] {
            var lines: [String] = []
            for try await line in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: AccessTests.logger)
                .decode(String.self)
            {
                lines.append(line)
            }
            return lines
        }

        @Test("anon, authenticated and PUBLIC hold exactly the allowed privileges, and belong to no other role")
        func privilegesAreTheAllowedOnes() async throws {
            try await LogAccessTests.withTwoUsers { server in
                let (held, memberships) = try await server.withTestConnection { connection in
                    (
                        Set(try await Self.lines(Self.held, on: connection)),
                        try await Self.lines(
                            """
                            SELECT member::regrole::text || ' in ' || roleid::regrole::text FROM pg_auth_members
                            WHERE member IN ('anon'::regrole, 'authenticated'::regrole)
                            """, on: connection)
                    )
                }
                #expect(held.count > 50, "the listing read nothing")
                let extra = held.subtracting(Self.allowed).sorted()
                let missing = Self.allowed.subtracting(held).sorted()
                #expect(extra.isEmpty, "held but not allowed:\n\(extra.joined(separator: "\n"))")
                #expect(missing.isEmpty, "allowed but not held (update the list):\n\(missing.joined(separator: "\n"))")
                #expect(memberships.isEmpty, "\(memberships)")
            }
        }

        @Test(
            "the change sequence is out of the app's reach, and the sync still numbers every change",
            arguments: [
                "anon", "authenticated",
            ])
        func changeSequenceLocked(role: String) async throws {
            try await LogAccessTests.withTwoUsers { server in
                let claims = role == "anon" ? #"{"role": "anon"}"# : LogAccessTests.claimsA
                try await AccessTests.asRole(role, claims: claims, on: server) { connection in
                    for attack in [
                        "SELECT setval('log_changes', 1)", "SELECT setval('log_changes', 9223372036854775807)",
                        "SELECT nextval('log_changes')", "ALTER SEQUENCE log_changes RESTART",
                        "SELECT stamp_change()",
                    ] {
                        #expect(
                            await AccountServerTests.failure(attack, on: connection) == "42501", "\(role) ran \(attack)"
                        )
                    }
                }
                // A's edit is numbered after every change before it, as the trigger draws it.
                let numbered = try await AccessTests.asRole("authenticated", claims: LogAccessTests.claimsA, on: server)
                {
                    connection in
                    try await AccessTests.count(
                        """
                        WITH edited AS (UPDATE logged_sets SET reps = 11 WHERE user_id = '\(LogAccessTests.userA)'
                                        RETURNING change_seq)
                        SELECT (min(change_seq) > (SELECT max(change_seq) FROM workouts))::int FROM edited
                        """, on: connection)
                }
                #expect(numbered == 1)
                // The trigger sets no search path of its own (0017): a caller's empty or hostile
                // path changes nothing it calls, and the write is still numbered.
                let underHostilePath = try await AccessTests.asRole(
                    "authenticated", claims: LogAccessTests.claimsA, on: server
                ) { connection in
                    try await connection.query("SET LOCAL search_path = pg_temp, ''", logger: AccessTests.logger)
                    return try await AccessTests.count(
                        """
                        WITH edited AS (UPDATE public.logged_sets SET reps = 12
                                        WHERE user_id = '\(LogAccessTests.userA)' RETURNING change_seq)
                        SELECT (min(change_seq) > (SELECT max(change_seq) FROM public.workouts))::int FROM edited
                        """, on: connection)
                }
                #expect(underHostilePath == 1)
            }
        }
    }
}
