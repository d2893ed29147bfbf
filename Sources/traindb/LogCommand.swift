import ArgumentParser
import Foundation
import TrainingLog

/// `traindb log …`: a user's training log, call by call, as the app makes them.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log workouts in a user's training log: start a session, log sets, submit, complete.",
        discussion: """
            Each command is one call of the training log, on the file --store (created when missing) over \
            the catalogue --db. Weights are entered in the user's unit unless --unit says otherwise.
            Exit status: 0 done, 2 refused or could not run (the message says why).
            """,
        subcommands: [
            ProgrammeCommand.self, Start.self, SetCommand.self, Submit.self, Swap.self, Complete.self,
            Discard.self, Show.self, DismissRest.self, Settings.self, ReplayCommand<LogReplayed>.self,
        ])

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start", abstract: "Start a session of the active programme.")

        @Argument(help: ArgumentHelp("The session's name (Push) or id (day-1).", valueName: "session"))
        var session: String

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let workout = try log.open().startWorkout(session: session)
            try output.confirm(workout, text: workout.text)
        }
    }

    struct SetCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Log a set of an exercise of the open workout (or change one with --set).")

        @Argument(help: ArgumentHelp("The exercise's id.", valueName: "exercise"))
        var exercise: String

        @Option(parsing: .unconditional, help: "Reps, 1-100.")
        var reps: Int

        @Option(parsing: .unconditional, help: "Weight, 0 for bodyweight (at most 500 kg), e.g. 62.5.")
        var weight: DecimalArgument

        @Option(help: "The unit of --weight (default: the user's).")
        var unit: WeightUnit?

        @Option(
            name: .customLong("set"), parsing: .unconditional,
            help: ArgumentHelp("Change this set instead of adding one.", valueName: "n"))
        var number: Int?

        @Flag(help: "Enter the set without ticking it complete.")
        var notDone = false

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let training = try log.open()
            let entry = SetEntry(reps: reps, weight: weight.value, unit: try unit ?? training.settings().unit)
            let logged: SetLogged
            if let number {
                logged = try training.editSet(exercise: exercise, number: number, entry, completed: !notDone)
            } else {
                logged = try training.logSet(exercise: exercise, entry, completed: !notDone)
            }
            try output.confirm(logged, text: logged.text)
        }
    }

    struct Submit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "submit",
            abstract: "Submit an exercise: the prompt (Great Work!, Good Session, Keep Pushing) and the next load.")

        @Argument(help: ArgumentHelp("The exercise's id.", valueName: "exercise"))
        var exercise: String

        @Option(help: "Notes on the exercise.")
        var notes: String?

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let submitted = try log.open().submit(exercise: exercise, notes: notes)
            try output.confirm(submitted, text: submitted.text)
        }
    }

    struct Swap: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "swap",
            abstract: "Swap an exercise of the open workout for another of its swap group (see traindb swap).")

        @Argument(help: ArgumentHelp("The exercise to replace.", valueName: "exercise"))
        var exercise: String

        @Argument(help: ArgumentHelp("The exercise to do instead.", valueName: "replacement"))
        var replacement: String

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let swapped = try log.open().swap(exercise: exercise, for: replacement)
            try output.confirm(swapped, text: swapped.text)
        }
    }

    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "complete",
            abstract: "Complete the open workout: its duration and what it gained on last time.")

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let summary = try log.open().completeWorkout()
            try output.confirm(summary, text: summary.text)
        }
    }

    struct Discard: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "discard", abstract: "Discard the open workout and its sets.")

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let discarded = try log.open().discardWorkout()
            try output.confirm(discarded, text: discarded.text)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show the open workout: sets, rep counters, warm-up sets and the rest timer.")

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let workout = try log.open(readOnly: true).currentWorkout()
            try output.print(workout, text: workout?.text ?? "No workout is open.\n")
        }
    }

    struct DismissRest: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "dismiss-rest", abstract: "Stop the rest timer.")

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let workout = try log.open().dismissRestTimer()
            try output.confirm(workout, text: workout.text)
        }
    }

    struct Settings: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "settings", abstract: "Show or change the user's unit and time zone.")

        @Option(help: "The unit weights are entered and shown in.")
        var unit: WeightUnit?

        @Option(help: ArgumentHelp("The user's time zone, e.g. Europe/London.", valueName: "zone"))
        var timeZone: TimeZoneArgument?

        @OptionGroup var log: UserLogOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let settings = try log.open().updateSettings(unit: unit, timeZone: timeZone?.zone)
            if unit != nil || timeZone != nil { Terminal.changeSaved() }
            try output.print(settings, text: LogResult.settings(settings).text)
        }
    }
}

extension WeightUnit: ExpressibleByArgument {}
