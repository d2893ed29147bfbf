/// The plan of one session type (seed 002 §5): its title and its steps in order. The three
/// routines are data, `routines.json` in this folder, read by ``Routines``.
public struct Routine: Codable, Hashable, Sendable {
    /// One card of the Exercise Screen.
    public struct Step: Codable, Hashable, Sendable {
        /// The card's header: `Dumbbell rows (pull)`.
        public let title: String
        /// As the plan writes it: `3`, `1 warm-up + 3 working`, `1 of 3`; nil for a timed block.
        public let sets: String?
        /// Reps or duration: `10 reps / side`, `30–45 sec hold`, `10 min`.
        public let amount: String
        /// The countdown a timed step offers, in seconds (the longer end of a range).
        public let timerSeconds: Int?
        /// The instruction under the title.
        public let notes: String?
        /// The parts of a block (the flexibility block's four stretches).
        public let detail: [String]?
        /// The catalogue's exercises this step does (alternatives or parts, in the plan's order).
        public let exerciseIds: [String]
        /// True for the daily challenge's set: checking it adds one set to today's challenge.
        public let isDailyChallenge: Bool

        public init(
            title: String, sets: String?, amount: String, timerSeconds: Int? = nil, notes: String?,
            detail: [String]? = nil, exerciseIds: [String], isDailyChallenge: Bool = false
        ) {
            self.title = title
            self.sets = sets
            self.amount = amount
            self.timerSeconds = timerSeconds
            self.notes = notes
            self.detail = detail
            self.exerciseIds = exerciseIds
            self.isDailyChallenge = isDailyChallenge
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                title: try container.decode(String.self, forKey: .title),
                sets: try container.decodeIfPresent(String.self, forKey: .sets),
                amount: try container.decode(String.self, forKey: .amount),
                timerSeconds: try container.decodeIfPresent(Int.self, forKey: .timerSeconds),
                notes: try container.decodeIfPresent(String.self, forKey: .notes),
                detail: try container.decodeIfPresent([String].self, forKey: .detail),
                exerciseIds: try container.decode([String].self, forKey: .exerciseIds),
                isDailyChallenge: try container.decodeIfPresent(Bool.self, forKey: .isDailyChallenge) ?? false)
        }
    }

    public let type: SessionType
    /// `Upper Strength`.
    public let title: String
    /// One line on what the session is for.
    public let focus: String
    /// `40-45`.
    public let targetMinutes: String
    public let steps: [Step]

    public init(type: SessionType, title: String, focus: String, targetMinutes: String, steps: [Step]) {
        self.type = type
        self.title = title
        self.focus = focus
        self.targetMinutes = targetMinutes
        self.steps = steps
    }

    /// `Day A — Upper Strength`.
    public var name: String {
        "Day \(type.rawValue) — \(title)"
    }
}
