import Catalog
import Foundation
import OrderedJSON
import TrainingCalendar

/// A checked questionnaire: what the generator and the swap finder work from. Names are the
/// catalogue's own (`Lower Back`, not `lower_back`).
public struct TrainingProfile: Hashable, Sendable {
    public var goal: Goal
    /// The priority muscles (0-3), catalogue names, in the questionnaire's order.
    public var priorityMuscles: [String]
    public var experience: ExperienceLevel
    public var equipment: EquipmentSelection
    /// The injured joints, catalogue names, by slug.
    public var injuries: [String]
    /// 2-6.
    public var daysPerWeek: Int
    public var sessionDuration: SessionDuration

    public init(
        goal: Goal, priorityMuscles: [String] = [], experience: ExperienceLevel,
        equipment: EquipmentSelection, injuries: [String] = [], daysPerWeek: Int, sessionDuration: SessionDuration
    ) {
        self.goal = goal
        self.priorityMuscles = priorityMuscles
        self.experience = experience
        self.equipment = equipment
        self.injuries = injuries
        self.daysPerWeek = daysPerWeek
        self.sessionDuration = sessionDuration
    }

    /// Checks every answer of `questionnaire` against the rules (business rules §1, §12) and
    /// the catalogue, throwing `questionnaire.invalid` with one problem per bad field. Ages
    /// count on `answeredOn` (today on the machine's clock when nil).
    public init(
        _ questionnaire: Questionnaire, catalog: GeneratorCatalog, answeredOn: CalendarDate? = nil
    ) throws(ProgrammeGeneratorError) {
        var check = QuestionnaireCheck(catalog: catalog)
        let profile = check.profile(from: questionnaire, answeredOn: answeredOn ?? Self.today)
        guard let profile, check.problems.isEmpty else { throw .invalid(check.sortedProblems) }
        self = profile
    }

    /// Reads and checks a questionnaire's JSON: every field of the wrong type and every bad
    /// value is reported at once, one problem per field. Ages count on `answeredOn` (today on
    /// the machine's clock when nil).
    public init(
        json: Data, catalog: GeneratorCatalog, answeredOn: CalendarDate? = nil
    ) throws(ProgrammeGeneratorError) {
        var check = QuestionnaireCheck(catalog: catalog)
        let questionnaire = try Questionnaire.read(json, check: &check)
        let profile = check.profile(from: questionnaire, answeredOn: answeredOn ?? Self.today)
        guard let profile, check.problems.isEmpty else { throw .invalid(check.sortedProblems) }
        self = profile
    }

    /// Reads and checks a questionnaire already parsed as JSON (`document`), as
    /// `init(json:catalog:answeredOn:)` reads its text: for a caller that holds the parsed
    /// document (the service, whose request decoding parsed it) and need not write it out and
    /// parse it again.
    public init(document: JSONValue, catalog: GeneratorCatalog, answeredOn: CalendarDate? = nil)
        throws(ProgrammeGeneratorError)
    {
        var check = QuestionnaireCheck(catalog: catalog)
        let questionnaire = try Questionnaire.read(document: document, check: &check)
        let profile = check.profile(from: questionnaire, answeredOn: answeredOn ?? Self.today)
        guard let profile, check.problems.isEmpty else { throw .invalid(check.sortedProblems) }
        self = profile
    }

    /// Today's date on the machine's clock and time zone.
    static var today: CalendarDate {
        CalendarDate(Date(), in: .current)
    }

    /// The split the profile trains on, or nil when `daysPerWeek` is outside 2-6.
    public var split: SplitType? {
        SplitType.forTraining(daysPerWeek: daysPerWeek, duration: sessionDuration)
    }
}
