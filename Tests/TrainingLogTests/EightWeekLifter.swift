import Catalog
import Foundation
import OrderedJSON
import ProgrammeGenerator
import TrainingCalendar
import TrainingLog

/// Writes the eight-week replay fixture by playing a lifter against the library: three
/// sessions a week from 2 March 2026 (across the clocks going forward in London), every
/// prescribed set at what the lifter can do, loads following each prompt. Along the way: a set
/// left incomplete, a discarded and restarted workout, a swap, a missed session, two bad weeks
/// of pulling (the 90% step down), the week and the streak every Sunday, and the history at the end.
struct EightWeekLifter {
    static let questionnaire: JSONValue = .object([
        ("primaryGoal", .string("build_muscle")), ("targetMuscleGroups", .array([.string("back")])),
        ("experienceLevel", .string("6_months_2_years")),
        ("equipmentAvailable", .array([.string("barbells"), .string("dumbbells"), .string("bodyweight")])),
        ("detailedEquipment", .object([("barbells", .array([.string("squat_rack"), .string("flat_bench")]))])),
        ("injuries", .array([])), ("trainingDaysPerWeek", .integer(3)), ("sessionDuration", .string("45-60 min")),
    ])

    let replay: LogReplay
    let catalogue: CatalogDatabase
    let london = TimeZone(identifier: "Europe/London") ?? .gmt
    private(set) var lines: [String] = []
    /// Per exercise: the load the lifter uses and the reps they can do with it.
    private var loads: [String: Double] = [:]
    private var capacity: [String: Int] = [:]

    init(replay: LogReplay, catalogue: CatalogDatabase) {
        self.replay = replay
        self.catalogue = catalogue
    }

    /// The moment `hour:minute` on `date` on a London wall clock.
    func moment(_ date: CalendarDate, _ hour: Int, _ minute: Int = 0) -> Date {
        date.start(in: london).addingTimeInterval(Double(hour * 3600 + minute * 60))
    }

    /// Appends the event and runs it; returns its step.
    @discardableResult
    mutating func emit(_ at: Date, _ event: String, _ fields: [(String, JSONValue)] = []) -> LogReplay.Step? {
        let line = JSONValue.object([("at", .string(Timestamp.text(at))), ("event", .string(event))] + fields)
            .rendered()
        lines.append(line)
        return replay.run(line: line, number: lines.count)
    }

    mutating func play() throws {
        let monday = CalendarDate(year: 2026, month: 3, day: 2) ?? CalendarDate(dayNumber: 0)
        emit(
            moment(monday.adding(days: -1), 19), "settings",
            [("unit", .string("kg")), ("timeZone", .string(london.identifier))])
        emit(
            moment(monday.adding(days: -1), 20), "programme",
            [
                ("questionnaire", Self.questionnaire), ("start", .string(monday.description)), ("seed", .integer(1)),
            ])
        guard let programme = try replay.log.activeProgramme() else { return }
        for week in 0..<8 {
            let weekMonday = monday.adding(days: 7 * week)
            for (index, session) in programme.sessions.enumerated() {
                if week == 5, index == programme.sessions.count - 1 { continue }  // missed
                let day = weekMonday.adding(days: session.weekday.offsetFromMonday)
                var clock = moment(day, 18)
                if week == 2, index == 1 {
                    emit(clock, "start", [("session", .string(session.dayName))])
                    logSets(session.exercises[0], count: 2, at: &clock)
                    emit(clock.addingTimeInterval(60), "discard")
                    clock = moment(day, 19)
                }
                try workout(session, week: week, first: index == 0, at: clock)
            }
            let sunday = moment(weekMonday.adding(days: 6), 20)
            emit(sunday, "week")
            emit(sunday, "streak")
        }
        let after = moment(monday.adding(days: 56), 9)
        emit(after, "week")
        emit(after, "history-workouts", [("limit", .integer(2))])
        if let first = programme.sessions.first?.exercises.first {
            emit(after, "history-exercise", [("exercise", .string(first.exerciseId))])
        }
    }

    private mutating func workout(_ session: ProgrammeSession, week: Int, first: Bool, at start: Date) throws {
        var clock = start
        emit(clock, "start", [("session", .string(session.dayName))])
        for (position, slot) in session.exercises.enumerated() {
            var slot = slot
            // The first alternative `traindb swap` lists for this lifter.
            if week == 4, first, position == 0, let alternative = try Self.alternatives(to: slot, catalogue).first {
                emit(clock, "swap", [("exercise", .string(slot.exerciseId)), ("to", .string(alternative.id))])
                slot.exerciseId = alternative.id
            }
            logSets(
                slot, count: slot.sets, at: &clock, leaveLastUndone: week == 1 && first && position == 1,
                tired: session.dayName == "Pull" && (week == 5 || week == 6))
            if week == 0, first, position == 0 {
                emit(clock, "show")
                emit(clock.addingTimeInterval(5), "dismiss-rest")
            }
            clock.addTimeInterval(30)
            let step = emit(clock, "submit", [("exercise", .string(slot.exerciseId))])
            if case .submitted(let submitted)? = step?.result {
                let range = submitted.exercise.repRange
                let raised = submitted.prompt.nextLoadKg > submitted.prompt.loadKg
                loads[slot.exerciseId] = submitted.prompt.nextLoadKg
                capacity[slot.exerciseId] =
                    min(range.high + 2, (capacity[slot.exerciseId] ?? range.low + 1) + (raised ? -3 : 1))
                    + (submitted.prompt.deload ? 3 : 0)
            }
        }
        emit(clock.addingTimeInterval(60), "complete")
    }

    /// Logs `count` sets of `slot` two and a half minutes apart at the lifter's load.
    private mutating func logSets(
        _ slot: ProgrammeExercise, count: Int, at clock: inout Date, leaveLastUndone: Bool = false, tired: Bool = false
    ) {
        let range = RepRange(slot.repRange) ?? RepRange(low: 8, high: 12)
        let load = loads[slot.exerciseId] ?? Self.startingLoad(slot)
        let able = capacity[slot.exerciseId] ?? range.low + 1
        for set in 0..<count {
            clock.addTimeInterval(150)
            let reps = max(1, able - [0, 0, 1, 1, 2, 2][min(set, 5)] - (tired ? 6 : 0))
            var fields: [(String, JSONValue)] = [
                ("exercise", .string(slot.exerciseId)), ("reps", .integer(reps)), ("weight", .number(load)),
            ]
            if leaveLastUndone, set == count - 1 { fields.append(("completed", .bool(false))) }
            emit(clock, "set", fields)
        }
    }

    /// What the lifter starts with: heavier for the legs, nothing added to the body.
    static func startingLoad(_ slot: ProgrammeExercise) -> Double {
        switch slot.equipmentCategory {
        case "Barbells": ["Quads", "Hamstrings", "Glutes"].contains(slot.primaryMuscle) ? 60 : 40
        case "Dumbbells": 14
        case "Bodyweight": 0
        default: 30
        }
    }

    /// What SwapFinder offers the lifter in place of `slot`, as `traindb swap` lists it.
    static func alternatives(to slot: ProgrammeExercise, _ catalogue: CatalogDatabase) throws -> [Exercise] {
        let catalog = try GeneratorCatalog(database: catalogue)
        let profile = try TrainingProfile(json: Data(questionnaire.rendered().utf8), catalog: catalog)
        let ids = try SwapFinder(catalog: catalog).alternatives(to: slot, for: profile).map(\.exerciseId)
        return ids.compactMap { id in catalog.exercises.first { $0.id == id } }
    }
}
