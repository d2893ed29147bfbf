import Account
import Foundation
import PostgresStore
import ProgrammeGenerator
import TestSupport
import Testing
import TrainingCalendar

extension PostgresTests.SyncTests {
    /// A synced table as both exports give it: its rows as column=value sets, without the
    /// device's own bookkeeping (`synced_at`, `singleton`).
    static func exported(_ table: AccountData.Table?) -> Set<[String: AccountData.Value]> {
        guard let table else { return [] }
        return Set(
            table.rows.map { row in
                Dictionary(uniqueKeysWithValues: zip(table.columns, row))
                    .filter { $0.key != "synced_at" && $0.key != "singleton" }
            })
    }

    @Test("account export from the device and from the server: the same rows, table by table; delete as the user")
    func exportParityAndDelete() async throws {
        try await Self.withTwoDevices { server, a, _, directory in
            try a.log.saveProfile(
                try AboutYou(
                    Questionnaire(
                        aboutYou: AboutYou(
                            gender: .male, heightCm: 181, heightUnit: .cm, weightKg: 82.5,
                            weightUnit: .kg, motivations: [.accountability])),
                    answeredOn: CalendarDate("2026-01-05") ?? CalendarDate(dayNumber: 0)))
            try a.workout(0, at: "2026-01-05T18:00:00Z")
            let other = PostgresTests.LogAccessTests.userB
            try await PostgresTestServer.run(script: PostgresTests.LogAccessTests.seed(other, "b"), on: server)
            let sync = try TraindbProcess.run(try Self.tokenSync(a, server, in: directory))
            #expect(sync.status == 0, "\(sync.stderr)")

            let token = Array(try Self.tokenSync(a, server, in: directory).drop { $0 != "--token" })
            let out = directory.path("export")
            let export = try TraindbProcess.run(
                ["account", "export", "--store", a.path, "--postgres", server.description, "--out", out] + token)
            #expect(export.status == 0, "\(export.stderr)")
            let device = try #require(try AccountData.read(stores: [a.path]).first)
            let fromServer = try await ServerAccount().export(from: server, user: Self.user, role: "authenticated")
            for name in ["user_settings", "profiles", "programmes", "workouts", "exercise_logs", "logged_sets"] {
                let here = Self.exported(device.tables.first { $0.name == name })
                let there = Self.exported(fromServer.first { $0.name == name })
                #expect(!here.isEmpty && here == there, "\(name): \(here.count) rows here, \(there.count) there")
            }
            let csv = try String(contentsOfFile: out + "/server-profiles.csv", encoding: .utf8)
            #expect(csv.contains("male") && csv.contains("181") && csv.contains("accountability"), "\(csv)")
            #expect(FileManager.default.fileExists(atPath: out + "/trainingLog-profiles.csv"))

            let refused = try TraindbProcess.run(["account", "delete", "--postgres", server.description] + token)
            #expect(refused.status == 2 && refused.stderr.contains("add --yes"))
            let deleted = try TraindbProcess.run(
                ["account", "delete", "--store", a.path, "--postgres", server.description, "--yes"] + token)
            #expect(deleted.status == 0, "\(deleted.stderr)")
            #expect(deleted.stdout.contains("of user \(Self.user)"), "\(deleted.stdout)")
            #expect(!FileManager.default.fileExists(atPath: a.path))
            let left = try await ServerAccount().export(from: server, user: Self.user, role: "authenticated")
            #expect(left.allSatisfy { $0.rows.isEmpty }, "\(left.filter { !$0.rows.isEmpty }.map(\.name))")
            let theirs = try await ServerAccount().export(from: server, user: other, role: "authenticated")
            #expect(theirs.contains { $0.name == "programmes" && $0.rows.count == 1 }, "the other user's rows went too")
        }
    }
}
