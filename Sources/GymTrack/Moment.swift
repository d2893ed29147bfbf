import Foundation
import TrainingCalendar

/// Moments as GymTrack keeps them: taken to the second, stored as every store's `Timestamp`
/// text (`2026-01-05T07:00:00.000Z`) and shown to the second (`2026-01-05T07:00:00Z`).
enum Moment {
    static func text(_ moment: Date) -> String {
        Timestamp.text(moment)
    }

    /// A stored moment as views show it, to the second.
    static func shown(_ stored: String) -> String {
        Timestamp.parse(stored).map(Timestamp.secondsText) ?? stored
    }

    /// `moment` without its fraction of a second, as it reads back from the store.
    static func rounded(_ moment: Date) -> Date {
        Date(timeIntervalSince1970: moment.timeIntervalSince1970.rounded(.down))
    }
}
