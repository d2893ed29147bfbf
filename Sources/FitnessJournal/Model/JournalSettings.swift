import Foundation
import UserInput

/// The user's preferences: the name the greeting uses, the weekly goal, the daily reminder and
/// the notification toggle, and the time zone whose wall clock days and weeks are counted on.
public struct JournalSettings: Hashable, Sendable {
    /// Up to 50 characters (Unicode scalars, as SQLite counts them); may be empty (the greeting
    /// then has no name).
    public var displayName: String
    /// Target workouts per Monday-to-Sunday week, 1-21.
    public var weeklyGoal: Int
    public var reminderEnabled: Bool
    public var reminderTime: ReminderTime
    /// The workout-completion notification.
    public var notificationsEnabled: Bool
    public var timeZone: TimeZone

    /// A new journal's settings: no name, 3 workouts a week, the reminder off at 19:00,
    /// notifications on.
    public init(
        displayName: String = "", weeklyGoal: Int = 3, reminderEnabled: Bool = false,
        reminderTime: ReminderTime? = nil,
        notificationsEnabled: Bool = true, timeZone: TimeZone
    ) {
        self.displayName = displayName
        self.weeklyGoal = weeklyGoal
        self.reminderEnabled = reminderEnabled
        self.reminderTime = reminderTime ?? ReminderTime(clamping: 19, 0)
        self.notificationsEnabled = notificationsEnabled
        self.timeZone = timeZone
    }

    public static let maximumNameLength = 50
    public static let goals = 1...21

    /// Throws an error naming the first field out of range.
    public func validate() throws(JournalError) {
        let length = displayName.unicodeScalars.count
        guard length <= Self.maximumNameLength else {
            throw .invalid("display name", "must be at most \(Self.maximumNameLength) characters, not \(length)")
        }
        if let problem = UserInput.controlProblem(in: displayName, allowingLineBreaks: false) {
            throw .invalid("display name", problem)
        }
        guard Self.goals.contains(weeklyGoal) else {
            throw .invalid(
                "weekly goal",
                "must be \(Self.goals.lowerBound)-\(Self.goals.upperBound) workouts a week, not \(weeklyGoal)")
        }
    }

    /// When the reminder next goes off after `moment`; nil when it is off.
    public func nextReminder(after moment: Date) -> Date? {
        reminderEnabled ? reminderTime.next(after: moment, in: timeZone) : nil
    }
}

extension JournalSettings: Codable {
    private enum CodingKeys: String, CodingKey {
        case displayName, weeklyGoal, reminderEnabled, reminderTime, notificationsEnabled, timeZone
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let identifier = try container.decode(String.self, forKey: .timeZone)
        guard let timeZone = TimeZone(identifier: identifier) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container, debugDescription: "\"\(identifier)\" is not a time zone")
        }
        self.init(
            displayName: try container.decode(String.self, forKey: .displayName),
            weeklyGoal: try container.decode(Int.self, forKey: .weeklyGoal),
            reminderEnabled: try container.decode(Bool.self, forKey: .reminderEnabled),
            reminderTime: try container.decode(ReminderTime.self, forKey: .reminderTime),
            notificationsEnabled: try container.decode(Bool.self, forKey: .notificationsEnabled), timeZone: timeZone)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(weeklyGoal, forKey: .weeklyGoal)
        try container.encode(reminderEnabled, forKey: .reminderEnabled)
        try container.encode(reminderTime, forKey: .reminderTime)
        try container.encode(notificationsEnabled, forKey: .notificationsEnabled)
        try container.encode(timeZone.identifier, forKey: .timeZone)
    }
}
