import Catalog
import Foundation
import ProgrammeGenerator
import TestSupport
import Testing
import TrainingCalendar
import TrainingLog
import UserStore

/// The committed replays (`Replays/NAME.jsonl` → `Replays/NAME.txt`): what the app would send, and
/// what the log answers, line by line. `make replays` rewrites them (and the eight-week events,
/// from `EightWeekLifter`) after a deliberate change; review the diff before committing.
@Suite("replays")
struct ReplayTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Replays")
    static let updating = ProcessInfo.processInfo.environment["TRAINDB_UPDATE_REPLAYS"] == "1"

    /// A fresh replay over the committed catalogue, in memory, in kilograms and UTC.
    static func replay(seed: UInt64 = 0) throws -> LogReplay {
        let catalogue = try CatalogDatabase(path: CommittedCatalogue.databasePath())
        let clock = ManualClock(TrainingLog.moments.lowerBound)
        let log = try TrainingLog(
            inMemory: LogCatalog(database: catalogue), clock: clock, ids: SeededRowIDs(seed: seed),
            newUser: UserSettings(unit: .kg, timeZone: TimeZone(identifier: "UTC") ?? .gmt))
        return LogReplay(log: log, clock: clock, catalog: try GeneratorCatalog(database: catalogue))
    }

    /// The text `traindb log replay` prints for `events`.
    static func output(_ events: String) throws -> (text: String, refused: Int) {
        var text = ""
        var refused = 0
        try replay().run(events) { step in
            text += step.text
            if step.error != nil { refused += 1 }
        }
        return (text, refused)
    }

    static func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test("each committed replay gives its committed output, byte for byte", arguments: ["two-pushes", "eight-weeks"])
    func committedOutput(name: String) throws {
        if Self.updating, name == "eight-weeks" {
            var lifter = EightWeekLifter(
                replay: try Self.replay(), catalogue: try CatalogDatabase(path: CommittedCatalogue.databasePath()))
            try lifter.play()
            try Data((lifter.lines.joined(separator: "\n") + "\n").utf8).write(
                to: Self.folder.appendingPathComponent("eight-weeks.jsonl"))
        }
        let output = try Self.output(try Self.read(name + ".jsonl")).text
        if Self.updating {
            try Data(output.utf8).write(to: Self.folder.appendingPathComponent(name + ".txt"))
        }
        #expect(output == (try Self.read(name + ".txt")), "\(name): run `make replays` and review the diff")
    }

    @Test("the eight weeks: every event accepted, every prompt seen, and the programme finished")
    func eightWeeks() throws {
        let events = try Self.read("eight-weeks.jsonl")
        let replay = try Self.replay()
        var steps: [LogReplay.Step] = []
        replay.run(events) { steps.append($0) }
        #expect(steps.allSatisfy { $0.error == nil }, "\(steps.compactMap(\.error).map(\.message))")
        let history = try replay.log.workoutHistory()
        // 3 sessions × 8 weeks, one missed; the discarded one left nothing.
        #expect(history.count == 23)
        #expect(steps.filter { $0.event == "discard" }.count == 1)
        #expect(steps.contains { $0.event == "swap" })
        guard case .week(let last)? = steps.last(where: { $0.event == "week" })?.result else {
            Issue.record("no week at the end")
            return
        }
        #expect(last.finished)
        let outcomes = steps.compactMap { step -> PromptOutcome? in
            if case .submitted(let submitted)? = step.result { return submitted.prompt.outcome }
            return nil
        }
        #expect(Set(outcomes) == Set(PromptOutcome.allCases), "every prompt appears over eight weeks")
        #expect(
            steps.contains { step in
                if case .submitted(let submitted)? = step.result { return submitted.prompt.deload }
                return false
            })
    }

    @Test("the same events give the same bytes")
    func sameEventsSameBytes() throws {
        let events = try Self.read("two-pushes.jsonl")
        #expect(try Self.output(events).text == Self.output(events).text)
        #expect(try Self.output(events).refused == 1)
    }
}
