/// A personalised week of training, repeated for `totalWeeks`: the generator's output.
///
/// Its JSON is its `Codable` form: `OrderedJSONEncoder` writes the keys in the order of the
/// properties (`type`, `daysPerWeek`, … `warnings`), so the same programme gives the same bytes,
/// and `JSONDecoder` reads it back.
public struct Programme: Codable, Hashable, Sendable {
    public var type: SplitType
    public var daysPerWeek: Int
    public var sessionDuration: SessionDuration
    public var totalWeeks: Int
    public var sessions: [ProgrammeSession]
    /// Notes on the whole programme: a priority muscle that got no extra slot, sessions that
    /// ran short of time, exercises carrying injury warnings.
    public var warnings: [String]

    public init(
        type: SplitType, daysPerWeek: Int, sessionDuration: SessionDuration, totalWeeks: Int,
        sessions: [ProgrammeSession], warnings: [String]
    ) {
        self.type = type
        self.daysPerWeek = daysPerWeek
        self.sessionDuration = sessionDuration
        self.totalWeeks = totalWeeks
        self.sessions = sessions
        self.warnings = warnings
    }
}
