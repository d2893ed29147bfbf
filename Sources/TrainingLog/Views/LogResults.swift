import TrainingCalendar

/// A programme the user started.
public struct ProgrammeStarted: Codable, Hashable, Sendable {
    public struct Session: Codable, Hashable, Sendable {
        public let id: String
        public let dayName: String
        public let weekday: Weekday
        public let exercises: Int
    }

    /// The log's id of the programme.
    public let id: String
    /// The generator's id.
    public let programmeId: String
    public let createdDate: CalendarDate
    public let startDate: CalendarDate
    public let totalWeeks: Int
    public let sessions: [Session]
    /// The generator's id of the programme it replaced, if any; that programme's logs stay.
    public let replacedProgrammeId: String?
}

/// A set logged or edited, with the exercise as it now stands.
public struct SetLogged: Codable, Hashable, Sendable {
    public let set: SetView
    public let exercise: ExerciseView
    public let restTimer: RestTimer?
}

/// An exercise submitted: its prompt.
public struct ExerciseSubmitted: Codable, Hashable, Sendable {
    public let exercise: ExerciseView
    public let prompt: ProgressionPrompt
    /// What the next load is in the user's unit.
    public let nextLoad: String
}

/// An exercise swapped for another of its swap group.
public struct ExerciseSwapped: Codable, Hashable, Sendable {
    public let exercise: ExerciseView
    public let previousExerciseId: String
}

/// An open workout discarded: nothing of it remains.
public struct WorkoutDiscarded: Codable, Hashable, Sendable {
    public let id: String
    public let sessionName: String
    public let setsDiscarded: Int
}
