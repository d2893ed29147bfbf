import ArgumentParser
import FitnessJournal
import Foundation

/// `traindb journal settings`: show or change the journal's settings.
struct JournalSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the name, weekly goal, reminder, notifications and time zone.",
        discussion: "Every option given is saved; the others keep their values. The next reminder is shown.")

    @Option(help: "The name the greeting uses (at most 50 characters; \"\" for none).")
    var name: String?

    @Option(parsing: .unconditional, help: "Target workouts per week, 1-21.")
    var goal: Int?

    @Option(help: ArgumentHelp("The daily reminder's time, HH:mm (24-hour).", valueName: "HH:mm"))
    var reminder: String?

    @Flag(inversion: .prefixedEnableDisable, help: "Turn the daily reminder on or off.")
    var reminderOn: Bool?

    @Flag(inversion: .prefixedEnableDisable, help: "Turn the workout-completion notification on or off.")
    var notifications: Bool?

    @Option(help: ArgumentHelp("The time zone days are counted in, e.g. Europe/London.", valueName: "zone"))
    var timeZone: TimeZoneArgument?

    @OptionGroup var journal: JournalOptions
    @OptionGroup var output: FormatOption<TextOrJSON>

    func run() throws {
        // Only a change needs the journal open for writing; showing it reads an existing one.
        let changes =
            name != nil || goal != nil || reminder != nil || reminderOn != nil || notifications != nil
            || timeZone != nil
        let store = try journal.open(readOnly: !changes)
        var settings = try store.settings()
        if let name { settings.displayName = name }
        if let goal { settings.weeklyGoal = goal }
        if let reminder { settings.reminderTime = try ReminderTime(parsing: reminder) }
        if let reminderOn { settings.reminderEnabled = reminderOn }
        if let notifications { settings.notificationsEnabled = notifications }
        if let timeZone { settings.timeZone = timeZone.zone }
        if settings != (try store.settings()) {
            try store.updateSettings(settings)
            Terminal.changeSaved()
        }
        let summary = try store.settingsSummary()
        try output.print(summary, text: summary.text)
    }
}
