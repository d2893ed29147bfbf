import Foundation

/// The settings screen: the settings and when the reminder next goes off.
public struct SettingsSummary: Encodable, Hashable, Sendable {
    public var settings: JournalSettings
    /// Nil when the reminder is off.
    @OptionalUTCMoment public var nextReminder: Date?

    public init(settings: JournalSettings, nextReminder: Date?) {
        self.settings = settings
        self.nextReminder = nextReminder
    }

    /// One line per setting.
    public var text: String {
        settings.text(nextReminder: nextReminder)
    }
}
