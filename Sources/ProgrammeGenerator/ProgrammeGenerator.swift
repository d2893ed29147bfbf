import Catalog
import Foundation
import Logging
import OrderedJSON
import TrainingCalendar
import UserStore

/// Turns a questionnaire into a personalised programme (business rules §1-5).
///
/// Generation is a pure function of the catalogue, the questionnaire, the options, the creation
/// date and the random generator: the same inputs give the same programme, and the same JSON
/// bytes. The only randomness is the injected generator, which breaks ties between equally good
/// exercises. See the `ProgrammeGenerator` documentation article for the rules and the choices
/// made where the rules are silent.
///
/// ```swift
/// let catalog = try GeneratorCatalog(database: CatalogDatabase(path: path))
/// let generator = ProgrammeGenerator(catalog: catalog)
/// let programme = try generator.generate(fromJSON: questionnaireData, seed: 42, createdDate: today)
/// print(try OrderedJSONEncoder(layout: .indented).encodeText(programme))
/// ```
public struct ProgrammeGenerator: Sendable {
    public let catalog: GeneratorCatalog
    public let options: GeneratorOptions
    private let logger: Logger

    public init(catalog: GeneratorCatalog, options: GeneratorOptions = GeneratorOptions(), logger: Logger = .silent) {
        self.catalog = catalog
        self.options = options
        self.logger = logger
    }

    /// Checks the questionnaire's JSON and generates its programme, drawing ties from a
    /// `SplitMix64` seeded with `seed`.
    public func generate(
        fromJSON json: Data, seed: UInt64, createdDate: CalendarDate
    ) throws(ProgrammeGeneratorError) -> Programme {
        var generator = SplitMix64(seed: seed)
        let profile = try TrainingProfile(json: json, catalog: catalog, answeredOn: createdDate)
        return try generate(for: profile, createdDate: createdDate, using: &generator)
    }

    /// Checks the questionnaire's parsed JSON and generates its programme, as
    /// `generate(fromJSON:seed:createdDate:)` does with its text.
    public func generate(
        fromDocument document: JSONValue, seed: UInt64, createdDate: CalendarDate
    ) throws(ProgrammeGeneratorError) -> Programme {
        var generator = SplitMix64(seed: seed)
        let profile = try TrainingProfile(document: document, catalog: catalog, answeredOn: createdDate)
        return try generate(for: profile, createdDate: createdDate, using: &generator)
    }

    /// Checks the questionnaire and generates its programme, drawing ties from a `SplitMix64`
    /// seeded with `seed`.
    public func generate(
        from questionnaire: Questionnaire, seed: UInt64, createdDate: CalendarDate
    ) throws(ProgrammeGeneratorError) -> Programme {
        var generator = SplitMix64(seed: seed)
        let profile = try TrainingProfile(questionnaire, catalog: catalog, answeredOn: createdDate)
        return try generate(for: profile, createdDate: createdDate, using: &generator)
    }

    /// Generates the programme of a checked profile. Throws only when `daysPerWeek` is
    /// outside 2-6.
    public func generate(
        for profile: TrainingProfile, createdDate: CalendarDate, using generator: inout some RandomNumberGenerator
    ) throws(ProgrammeGeneratorError) -> Programme {
        guard let split = profile.split else {
            throw .invalid([
                QuestionnaireProblem(
                    .outOfRange, field: "trainingDaysPerWeek",
                    message: "\(profile.daysPerWeek) is out of range; allowed values: 2, 3, 4, 5, 6")
            ])
        }
        var planner = WeekPlanner(catalog: catalog, profile: profile, options: options)
        var week: [WeekPlanner.PlannedSession] = []
        for (offset, scheduled) in split.sessions(daysPerWeek: profile.daysPerWeek).enumerated() {
            week.append(planner.planSession(scheduled, number: offset + 1, using: &generator))
        }
        let (sessions, shortfalls) = planner.finish(week)
        let programme = Programme(
            id: Self.id(profile: profile, options: options, createdDate: createdDate, sessions: sessions),
            type: split, daysPerWeek: profile.daysPerWeek, sessionDuration: profile.sessionDuration,
            totalWeeks: options.totalWeeks, createdDate: createdDate, sessions: sessions,
            warnings: warnings(planner: planner, sessions: sessions, shortfalls: shortfalls, profile: profile))
        logger.debug(
            "generated a programme",
            metadata: [
                "split": "\(split.rawValue)",
                "exercises": "\(sessions.reduce(0) { $0 + $1.exercises.count })",
                "emptySlots": "\(sessions.reduce(0) { $0 + $1.emptySlots.count })",
            ])
        return programme
    }

    /// The id of a programme: a hash of the checked questionnaire, the options, the date and
    /// every prescription, so it follows from the inputs and the seed.
    static func id(
        profile: TrainingProfile, options: GeneratorOptions, createdDate: CalendarDate, sessions: [ProgrammeSession]
    ) -> String {
        let equipment = profile.equipment.categories.keys.sorted().map { category in
            switch profile.equipment.categories[category] {
            case .only(let items): "\(category):\(items.sorted().joined(separator: "+"))"
            default: category
            }
        }
        let inputs = [
            profile.goal.rawValue, profile.priorityMuscles.joined(separator: "+"), profile.experience.rawValue,
            equipment.joined(separator: ","), profile.injuries.sorted().joined(separator: "+"),
            "\(profile.daysPerWeek)", profile.sessionDuration.rawValue, options.injuryPolicy.rawValue,
            "\(options.totalWeeks)", createdDate.description,
        ].joined(separator: "|")
        // Fed piece by piece: `inputs|day,exercise SETSxREPS/REST,…|day…` without building it.
        var id = ProgrammeID()
        id.append(inputs)
        for session in sessions {
            id.append("|")
            id.append(session.dayName)
            for exercise in session.exercises {
                id.append(",")
                id.append(exercise.exerciseId)
                id.append(" ")
                id.append(exercise.sets)
                id.append("x")
                id.append(exercise.repRange)
                id.append("/")
                id.append(exercise.restSeconds)
            }
        }
        return id.id
    }
}
