import Foundation
import GRDB
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog
import UserStore

/// The settings row a new log starts with comes with the log's tables, in the same creation:
/// a log is never seen without it, and opening a log writes nothing.
@Suite("the training log's seed row")
struct SeedRowTests {
    static let newUser = UserSettings(unit: .lbs, timeZone: TimeZone(identifier: "Europe/Paris") ?? .gmt)

    static func open(_ path: String, at moment: Date) throws(TrainingLogError) -> TrainingLog {
        try TrainingLog(
            path: path, catalog: LogFixture.catalog, clock: ManualClock(moment), ids: RandomRowIDs(), newUser: newUser)
    }

    @Test("a new log made at a moment no store keeps is refused, and leaves no file behind")
    func refusedCreationLeavesNothing() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("log.sqlite")
            let error = #expect(throws: TrainingLogError.self) {
                try Self.open(path, at: Date(timeIntervalSince1970: 631_152_000))  // 1990-01-01
            }
            #expect(error?.code == "log.invalid_moment")
            #expect(try directory.fileNames().isEmpty)
        }
    }

    @Test("a new log has its settings at once; an open of an existing one keeps its own")
    func seededOnce() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("log.sqlite")
            let moment = try #require(Timestamp.parse("2026-01-05T07:00:00Z"))
            #expect(try Self.open(path, at: moment).settings() == Self.newUser)
            let other = UserSettings(unit: .kg, timeZone: .gmt)
            let again = try TrainingLog(
                path: path, catalog: LogFixture.catalog, clock: ManualClock(moment), ids: RandomRowIDs(),
                newUser: other)
            #expect(try again.settings() == Self.newUser)
            let rows = try DatabaseQueue(path: path).read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM user_settings")
            }
            #expect(rows == 1)
        }
    }

    @Test("a log left without its settings row by an older creation gets it when next opened")
    func missingSeedIsWritten() throws {
        try TemporaryDirectory.with { directory throws in
            let path = directory.path("log.sqlite")
            let moment = try #require(Timestamp.parse("2026-01-05T07:00:00Z"))
            _ = try Self.open(path, at: moment)
            try DatabaseQueue(path: path).write { db in try db.execute(sql: "DELETE FROM user_settings") }
            #expect(try Self.open(path, at: moment).settings() == Self.newUser)
        }
    }
}
