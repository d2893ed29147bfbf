import TrainingCalendar

/// A personalised week of training, repeated for `totalWeeks`: the generator's output.
///
/// Its JSON is its `Codable` form: `OrderedJSONEncoder` writes the keys in the order of the
/// properties (`id`, `type`, … `warnings`), so the same programme gives the same bytes,
/// and `JSONDecoder` reads it back.
public struct Programme: Codable, Hashable, Sendable {
    /// Derived from everything that made the programme (the checked questionnaire, the options,
    /// the creation date and the exercises chosen), so the same inputs and seed give the same id.
    public var id: String
    public var type: SplitType
    public var daysPerWeek: Int
    public var sessionDuration: SessionDuration
    public var totalWeeks: Int
    /// The day the programme was generated.
    public var createdDate: CalendarDate
    public var sessions: [ProgrammeSession]
    /// Notes on the whole programme: a priority muscle that got no extra slot, sessions short
    /// of exercises, slots refilled around an injury, exercises carrying injury warnings.
    public var warnings: [String]

    public init(
        id: String, type: SplitType, daysPerWeek: Int, sessionDuration: SessionDuration, totalWeeks: Int,
        createdDate: CalendarDate, sessions: [ProgrammeSession], warnings: [String]
    ) {
        self.id = id
        self.type = type
        self.daysPerWeek = daysPerWeek
        self.sessionDuration = sessionDuration
        self.totalWeeks = totalWeeks
        self.createdDate = createdDate
        self.sessions = sessions
        self.warnings = warnings
    }
}
