import Foundation

/// The settings screen: the settings and when the reminder next goes off.
public struct SettingsSummary: Encodable, Hashable, Sendable {
    public var settings: JournalSettings
    /// Nil when the reminder is off.
    public var nextReminder: Date?

    public init(settings: JournalSettings, nextReminder: Date?) {
        self.settings = settings
        self.nextReminder = nextReminder
    }

    private enum CodingKeys: String, CodingKey {
        case settings, nextReminder
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(settings, forKey: .settings)
        try container.encode(nextReminder.map(MomentText.text), forKey: .nextReminder)
    }

    /// One line per setting.
    public var text: String {
        settings.text(nextReminder: nextReminder)
    }
}
