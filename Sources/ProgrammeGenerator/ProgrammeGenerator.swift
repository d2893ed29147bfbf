import Catalog
import Foundation
import Logging

/// Turns a questionnaire into a personalised programme (business rules §1-4).
///
/// Generation is a pure function of the catalogue, the questionnaire, the options and the
/// random generator: the same inputs give the same programme, and the same JSON bytes. The
/// only randomness is the injected generator, which breaks ties between equally good
/// exercises. See the `ProgrammeGenerator` documentation article for the rules and the choices
/// made where the rules are silent.
///
/// ```swift
/// let catalog = try GeneratorCatalog(database: CatalogDatabase(path: path))
/// let generator = ProgrammeGenerator(catalog: catalog)
/// let programme = try generator.generate(fromJSON: questionnaireData, seed: 42)
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
    public func generate(fromJSON json: Data, seed: UInt64) throws(ProgrammeGeneratorError) -> Programme {
        var generator = SplitMix64(seed: seed)
        return try generate(for: TrainingProfile(json: json, catalog: catalog), using: &generator)
    }

    /// Checks the questionnaire and generates its programme, drawing ties from a `SplitMix64`
    /// seeded with `seed`.
    public func generate(from questionnaire: Questionnaire, seed: UInt64) throws(ProgrammeGeneratorError) -> Programme {
        var generator = SplitMix64(seed: seed)
        return try generate(for: TrainingProfile(questionnaire, catalog: catalog), using: &generator)
    }

    /// Generates the programme of a checked profile. Throws only when `daysPerWeek` is
    /// outside 2-6.
    public func generate(
        for profile: TrainingProfile, using generator: inout some RandomNumberGenerator
    ) throws(ProgrammeGeneratorError) -> Programme {
        guard let split = profile.split else {
            throw .invalid([
                QuestionnaireProblem(
                    .outOfRange, field: "trainingDaysPerWeek",
                    message: "\(profile.daysPerWeek) is out of range; allowed values: 2, 3, 4, 5, 6")
            ])
        }
        var planner = WeekPlanner(catalog: catalog, profile: profile, options: options)
        var sessions: [ProgrammeSession] = []
        for (offset, day) in split.sessions(daysPerWeek: profile.daysPerWeek).enumerated() {
            sessions.append(
                planner.planSession(kind: day.kind, dayName: day.dayName, number: offset + 1, using: &generator))
        }
        let programme = Programme(
            type: split, daysPerWeek: profile.daysPerWeek, sessionDuration: profile.sessionDuration,
            totalWeeks: options.totalWeeks, sessions: sessions,
            warnings: warnings(planner: planner, sessions: sessions, profile: profile))
        logger.debug(
            "generated a programme",
            metadata: [
                "split": "\(split.rawValue)",
                "exercises": "\(sessions.reduce(0) { $0 + $1.exercises.count })",
                "emptySlots": "\(sessions.reduce(0) { $0 + $1.emptySlots.count })",
            ])
        return programme
    }
}
