import Catalog
import Foundation
import GRDB
import ProgrammeGenerator
import TestSupport
import TrainingCalendar
import TrainingLog
import UserStore

/// Devices of one user: training logs in files, made through TrainingLog as the app makes them,
/// over the committed catalogue and a programme generated from a persona's questionnaire.
struct SyncDevice {
    let path: String
    let clock: ManualClock
    let log: TrainingLog

    static let catalogue: Result<(CatalogDatabase, LogCatalog, Programme, String), any Error> = Result(catching: {
        let database = try CatalogDatabase(path: try CommittedCatalogue.databasePath())
        let questionnaire = try String(
            contentsOf: PackageRoot.url("Tests/ProgrammeGeneratorTests/Personas/alex-4day-full-gym.json"),
            encoding: .utf8)
        let programme = try ProgrammeGenerator(catalog: try GeneratorCatalog(database: database))
            .generate(
                fromJSON: Data(questionnaire.utf8), seed: 1,
                createdDate: CalendarDate("2026-01-05") ?? CalendarDate(dayNumber: 0))
        return (database, try LogCatalog(database: database), programme, questionnaire)
    })

    /// A device whose log is at `path`, its clock at `now`, its ids from `seed`.
    init(path: String, seed: UInt64, now: String) throws {
        self.path = path
        clock = ManualClock(Timestamp.parse(now) ?? Date(timeIntervalSince1970: 0))
        let (_, catalog, _, _) = try Self.catalogue.get()
        log = try TrainingLog(
            path: path, catalog: catalog, clock: clock, ids: SeededRowIDs(seed: seed),
            newUser: UserSettings(unit: .kg, timeZone: TimeZone(identifier: "Europe/London") ?? .gmt))
    }

    func startProgramme() throws {
        let (_, _, programme, questionnaire) = try Self.catalogue.get()
        try log.startProgramme(programme, questionnaireJSON: questionnaire)
    }

    /// Starts the session `index` of the programme at `start` and logs `sets` sets of 8 × 60 kg
    /// of each exercise, a minute apart; submits and completes it when `complete`.
    func workout(_ index: Int, at start: String, sets: Int = 3, complete: Bool = true) throws {
        let (_, _, programme, _) = try Self.catalogue.get()
        clock.set(Timestamp.parse(start) ?? Date(timeIntervalSince1970: 0))
        let workout = try log.startWorkout(session: programme.sessions[index].dayName)
        for exercise in workout.exercises {
            for _ in 0..<sets {
                clock.advance(by: 60)
                try log.logSet(exercise: exercise.exerciseId, SetEntry(reps: 8, weight: 60, unit: .kg))
            }
            guard complete else { continue }
            clock.advance(by: 30)
            try log.submit(exercise: exercise.exerciseId)
        }
        if complete {
            clock.advance(by: 60)
            try log.completeWorkout()
        }
    }

    /// A copy of `device`'s log at `path`, taken with SQLite's backup (the log is in WAL mode).
    static func copy(of device: SyncDevice, to path: String) throws -> String {
        let source = try DatabaseQueue(path: device.path)
        let copy = try DatabaseQueue(path: path)
        try source.backup(to: copy)
        try source.close()
        try copy.close()
        return path
    }
}
