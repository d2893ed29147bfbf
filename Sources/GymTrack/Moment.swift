import Foundation
import TrainingCalendar

/// Moments as GymTrack stores them: UTC text to the second, `2026-01-05T07:00:00Z`.
enum Moment {
    static func text(_ moment: Date) -> String {
        Timestamp.secondsText(moment)
    }

    /// `moment` without its fraction of a second, as it reads back from the store.
    static func rounded(_ moment: Date) -> Date {
        Date(timeIntervalSince1970: moment.timeIntervalSince1970.rounded(.down))
    }
}
