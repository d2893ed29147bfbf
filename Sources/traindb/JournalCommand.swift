import ArgumentParser
import FitnessJournal
import Foundation

/// `traindb journal …`: the fitness tracker's journal, screen by screen.
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Keep a fitness journal: log workouts and check-ins, see today and progress, export CSV.",
        discussion: """
            Each command works on the journal --store FILE (created when missing). Days and weeks (Monday to \
            Sunday) are counted on the wall clock of the journal's time zone; --now acts as of another moment.
            Exit status: 0 done, 2 refused or could not run (the message names the field or the file).
            """,
        subcommands: [
            Log.self, Delete.self, CheckInCommand.self, Today.self, Progress.self, Export.self, Clear.self,
            JournalSettingsCommand.self, ReplayCommand<JournalReplayed>.self,
        ])

    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "log", abstract: "Save a workout.")

        @Option(help: "running, cycling, strength, yoga or other.")
        var type: ExerciseType

        @Option(parsing: .unconditional, help: "Duration in minutes, more than 0.")
        var minutes: Int

        @Option(help: "easy, moderate or hard.")
        var intensity: Intensity = .moderate

        @Option(help: "Notes (optional).")
        var notes: String?

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let store = try journal.open()
            let entry = try store.logWorkout(
                NewWorkout(type: type, durationMinutes: minutes, intensity: intensity, notes: notes))
            let zone = try store.settings().timeZone
            try output.confirm(entry, text: "Saved workout " + entry.text(in: zone, withDate: true) + "\n")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a workout by its id.")

        @Argument(
            help: ArgumentHelp(
                "The workout's id, or its first characters as the lists show them (#3f2a9c1e or 3f2a).",
                valueName: "id"))
        var id: String

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let store = try journal.open()
            let entry = try store.deleteWorkout(id: id)
            let zone = try store.settings().timeZone
            try output.confirm(entry, text: "Deleted workout " + entry.text(in: zone, withDate: true) + "\n")
        }
    }

    struct CheckInCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "checkin", abstract: "Save a check-in: mood, energy, sleep; or show the last one.")

        @Option(help: "great, good, okay, tired or not_great.")
        var mood: Mood?

        @Option(parsing: .unconditional, help: "Energy level, 1-10.")
        var energy: Int?

        @Option(help: "poor, fair, good or excellent.")
        var sleep: SleepQuality?

        @Option(help: "Notes (optional).")
        var notes: String?

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func validate() throws {
            let given = [mood != nil, energy != nil, sleep != nil]
            guard given.allSatisfy({ $0 }) || !given.contains(true) else {
                throw ValidationError("a check-in needs --mood, --energy and --sleep (none of them shows the last one)")
            }
        }

        func run() throws {
            let store = try journal.open()
            let zone = try store.settings().timeZone
            guard let mood, let energy, let sleep else {
                let last = try store.lastCheckIn()
                let text = last.map { "Last check-in: \($0.text(in: zone))\n" } ?? "No check-ins yet.\n"
                try output.print(last, text: text)
                return
            }
            let saved = try store.checkIn(
                NewCheckIn(mood: mood, energyLevel: energy, sleepQuality: sleep, notes: notes))
            try output.confirm(saved, text: "Check-in saved: \(saved.text(in: zone))\n")
        }
    }

    struct Today: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "today",
            abstract: "Today: workouts and minutes, the check-in, the week's goal, the last three workouts.")

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let store = try journal.open(readOnly: true)
            let summary = try store.today()
            try output.print(summary, text: summary.text(in: try store.settings().timeZone))
        }
    }

    struct Progress: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "progress",
            abstract: "Progress for the week, the month or all time, optionally drawn as an SVG chart.")

        @Option(help: "week (Monday to Sunday), month or all.")
        var period: ProgressPeriod = .week

        @Option(
            help: ArgumentHelp(
                "Also draw workouts (bars) and minutes (line) per day into this SVG file.", valueName: "file.svg"))
        var chart: String?

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let report = try journal.open(readOnly: true).progress(period)
            if let chart {
                try JournalFiles.write(report.chart.document.text, to: chart)
                try Terminal.wrote(chart, besideDocument: output.format == .json)
            }
            try output.print(report, text: report.text)
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export the workouts (and the check-ins) as CSV (RFC 4180).")

        @Option(help: ArgumentHelp("Write the workouts here (- for standard output).", valueName: "file.csv"))
        var csv: String

        @Option(help: ArgumentHelp("Also write the check-ins here.", valueName: "file.csv"))
        var checkIns: String?

        @OptionGroup var journal: JournalOptions

        func run() throws {
            let store = try journal.open(readOnly: true)
            let workouts = try store.exportWorkoutsCSV()
            if csv == "-" {
                try Terminal.write(workouts)
            } else {
                try JournalFiles.write(workouts, to: csv)
                try Terminal.wrote(csv)
            }
            if let checkIns {
                try JournalFiles.write(try store.exportCheckInsCSV(), to: checkIns)
                try Terminal.wrote(checkIns, besideDocument: csv == "-")
            }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Delete every workout and check-in (the settings stay). Needs --yes.")

        @Flag(help: "Confirm: delete everything.")
        var yes = false

        @OptionGroup var journal: JournalOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            guard yes else {
                throw CommandError(
                    "journal.confirmation_required",
                    "clear deletes every workout and check-in of \(journal.file.store): add --yes to confirm")
            }
            let cleared = try journal.open().clearAllData(confirmed: yes)
            try output.confirm(cleared, text: cleared.text)
        }
    }
}

/// Files the journal's commands write: whole, or not at all.
enum JournalFiles {
    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandError("file.unwritable", "cannot write \(path): \(error.localizedDescription)")
        }
    }
}
