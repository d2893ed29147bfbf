import Foundation
import TrainingCalendar

/// The home screen: today's date and greeting, the quick stats card, the recent workouts.
public struct TodaySummary: Encodable, Hashable, Sendable {
    public var date: CalendarDate
    /// `Good morning, Sam` (05:00-11:59), `Good afternoon` (12:00-17:59), `Good evening`.
    public var greeting: String
    public var workouts: Int
    public var minutes: Int
    /// Check-in status as the card shows it: done once today has a check-in.
    public var checkInDone: Bool
    /// Today's workouts, in the order they were logged.
    public var todaysWorkouts: [WorkoutEntry]
    /// Today's last check-in; nil while pending.
    public var checkIn: CheckIn?
    /// The last check-in of any day: "Last check-in".
    public var lastCheckIn: CheckIn?
    /// The last three workouts of any day, newest first.
    public var recentWorkouts: [WorkoutEntry]
    public var goal: GoalProgress
    public var streak: Streak
    /// When the daily reminder next goes off; nil when it is off.
    @OptionalUTCMoment public var nextReminder: Date?

    init(
        now: Date, settings: JournalSettings, workouts: [WorkoutEntry], recent: [WorkoutEntry], checkIn: CheckIn?,
        lastCheckIn: CheckIn?, goal: GoalProgress, streak: Streak
    ) {
        date = CalendarDate(now, in: settings.timeZone)
        greeting = Self.greeting(at: now, settings: settings)
        self.workouts = workouts.count
        minutes = workouts.reduce(0) { $0 + $1.durationMinutes }
        todaysWorkouts = workouts
        self.checkIn = checkIn
        checkInDone = checkIn != nil
        self.lastCheckIn = lastCheckIn
        recentWorkouts = recent
        self.goal = goal
        self.streak = streak
        nextReminder = settings.nextReminder(after: now)
    }

    static func greeting(at moment: Date, settings: JournalSettings) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = settings.timeZone
        let hour = calendar.component(.hour, from: moment)
        let part =
            switch hour {
            case 5..<12: "Good morning"
            case 12..<18: "Good afternoon"
            default: "Good evening"
            }
        let name = settings.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? part : "\(part), \(name)"
    }
}
