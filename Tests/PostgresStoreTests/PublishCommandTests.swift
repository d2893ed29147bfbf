import Catalog
import Foundation
import PostgresNIO
import PostgresStore
import TestSupport
import Testing

extension PostgresTests {
    /// `traindb publish` as the data team and CI run it.
    @Suite("traindb publish, the command")
    struct PublishCommandTests {
        /// `traindb publish --db DATABASE --postgres URL`, then `extra`.
        static func publish(_ database: String, to url: String, _ extra: [String] = []) throws -> Subprocess.Output {
            try TraindbProcess.run(["publish", "--db", database, "--postgres", url] + extra)
        }

        @Test("publish, then publish again: the second says nothing changed; exit 0 both times")
        func publishTwice() async throws {
            try await PostgresTestServer.withDatabase { server in
                let arguments = ["publish", "--db", try CatalogueFiles.committed(), "--postgres", server.description]
                let first = try TraindbProcess.run(arguments)
                #expect(first.status == 0, "\(first.stderr)")
                #expect(first.stdout.contains("exercises: 323 added, 0 removed, 0 renamed, 0 changed;"))
                #expect(first.stdout.hasSuffix("published to \(server): 2487 rows changed\n"))
                let second = try TraindbProcess.run(arguments)
                #expect(second.status == 0)
                #expect(second.stdout.hasSuffix("\(server) already holds this catalogue: no row changed\n"))
            }
        }

        @Test("a removed id is refused exactly as traindb diff refuses it: same lines, exit 1")
        func refusalMatchesDiff() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    let committed = try CatalogueFiles.committed()
                    let removed = try CatalogueFiles.changed(
                        CatalogueFiles.pushUpRemoved, in: directory, name: "r.sqlite")
                    #expect(try Self.publish(committed, to: server.description).status == 0)
                    let diff = try TraindbProcess.run(["diff", committed, removed])
                    let publish = try Self.publish(removed, to: server.description)
                    #expect(diff.status == 1)
                    #expect(publish.status == 1)
                    #expect(publish.stdout.hasPrefix(diff.stdout))
                    #expect(publish.stdout.contains("error[diff.removed_id]: users' logs point at \"push_up\""))
                    #expect(publish.stdout.hasSuffix("would disappear from it\n"))
                    try await ServerRows.expectEqual(try CatalogDatabase(path: committed), server)
                }
            }
        }

        @Test("the publishing role publishes through Supabase's authenticator; anon cannot")
        func roles() async throws {
            try await TemporaryDirectory.with { directory in
                try await PostgresTestServer.withDatabase { server in
                    let committed = try CatalogueFiles.committed()
                    let next = try CatalogueFiles.changed(CatalogueFiles.nextRelease, in: directory, name: "n.sqlite")
                    #expect(try Self.publish(committed, to: server.description).status == 0)
                    let authenticator = PostgresTestServer.url(server, user: "authenticator").description
                    let anon = try TraindbProcess.run(
                        ["publish", "--db", next, "--postgres", authenticator, "--role", "anon"])
                    #expect(anon.status == 2)
                    #expect(anon.stderr.hasPrefix("traindb: error[postgres.permission_denied]: "), "\(anon.stderr)")
                    try await ServerRows.expectEqual(try CatalogDatabase(path: committed), server)

                    let service = try TraindbProcess.run(
                        ["publish", "--db", next, "--postgres", authenticator, "--role", "service_role"])
                    #expect(service.status == 0, "\(service.stderr)")
                    try await ServerRows.expectEqual(try CatalogDatabase(path: next), server)
                }
            }
        }

        @Test("a server out of reach is one error line and exit 2")
        func unreachable() throws {
            let result = try TraindbProcess.run(
                ["publish", "--db", try CatalogueFiles.committed(), "--postgres", "postgres://nobody@127.0.0.1:1/none"])
            #expect(result.status == 2)
            #expect(
                result.stderr.hasPrefix(
                    "traindb: error[postgres.unreachable]: cannot connect to postgres://nobody@127.0.0.1:1/none"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }
}
