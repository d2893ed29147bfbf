/// What an action of the log returned, as a replay prints it.
public enum LogResult: Hashable, Sendable {
    case settings(UserSettings)
    case programme(ProgrammeStarted)
    case workout(WorkoutView?)
    case set(SetLogged)
    case submitted(ExerciseSubmitted)
    case swapped(ExerciseSwapped)
    case completed(WorkoutSummary)
    case discarded(WorkoutDiscarded)
    case week(WeekView)
    case streak(StreakView)
    case exerciseHistory(ExerciseHistory)
    case workoutHistory([WorkoutSummary])

    /// The result as the command line prints it.
    public var text: String {
        switch self {
        case .settings(let settings): "Unit: \(settings.unit.rawValue) · Time zone: \(settings.timeZone.identifier)\n"
        case .programme(let started): started.text
        case .workout(let workout): workout?.text ?? "No workout is open.\n"
        case .set(let logged): logged.text
        case .submitted(let submitted): submitted.text
        case .swapped(let swapped): swapped.text
        case .completed(let summary): summary.text
        case .discarded(let discarded): discarded.text
        case .week(let week): week.text
        case .streak(let streak): streak.text
        case .exerciseHistory(let history): history.text
        case .workoutHistory(let summaries): summaries.text
        }
    }
}

extension LogResult: Encodable {
    /// The result's own JSON (null for no open workout).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .settings(let value): try container.encode(value)
        case .programme(let value): try container.encode(value)
        case .workout(let value): try container.encode(value)
        case .set(let value): try container.encode(value)
        case .submitted(let value): try container.encode(value)
        case .swapped(let value): try container.encode(value)
        case .completed(let value): try container.encode(value)
        case .discarded(let value): try container.encode(value)
        case .week(let value): try container.encode(value)
        case .streak(let value): try container.encode(value)
        case .exerciseHistory(let value): try container.encode(value)
        case .workoutHistory(let value): try container.encode(value)
        }
    }
}
