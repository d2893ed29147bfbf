import ArgumentParser
import TrainingLog

/// `traindb history …`: what a user has logged.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Show a user's exercise or workout history.",
        subcommands: [Exercise.self, Workouts.self])

    struct Exercise: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "exercise",
            abstract: "Every workout that logged an exercise, newest first: best set, start weight, +N, PRs.")

        @Argument(help: ArgumentHelp("The exercise's id.", valueName: "exercise"))
        var exercise: String

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let history = try log.open(readOnly: true).exerciseHistory(exercise)
            try output.print(history, text: history.text)
        }
    }

    struct Workouts: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "workouts",
            abstract: "The completed workouts, newest first, each against the last workout of its session.")

        @Option(parsing: .unconditional, help: ArgumentHelp("Show only the newest n.", valueName: "n"))
        var limit: Int?

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        }

        func run() throws {
            let workouts = try log.open(readOnly: true).workoutHistory(limit: limit)
            try output.print(workouts, text: workouts.text)
        }
    }
}

/// `traindb week`: the dashboard's week.
struct WeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "This week on the user's clock: Week N of 8, X/Y complete, the next workout, the seven days.")

    @OptionGroup var log: UserLogOptions
    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let week = try log.open(readOnly: true).week()
        try output.print(week, text: week.text)
    }
}

/// `traindb streak`: days in a row with a completed workout.
struct StreakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "streak", abstract: "The current and longest streaks of days with a completed workout.")

    @OptionGroup var log: UserLogOptions
    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        let streak = try log.open(readOnly: true).streak()
        try output.print(streak, text: streak.text)
    }
}
