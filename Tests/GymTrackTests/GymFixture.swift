import Foundation
import GymTrack
import TrainingCalendar

/// A GymTrack store in memory on a manual clock in London, and moments written as text.
struct GymFixture {
    static let london = TimeZone(identifier: "Europe/London") ?? .gmt

    let clock: ManualClock
    let gym: GymTrack

    init(at moment: String = "2026-01-05T07:00:00Z", timeZone: TimeZone = Self.london) throws {
        clock = ManualClock(Self.moment(moment))
        gym = try GymTrack(inMemory: clock, timeZone: timeZone)
    }

    /// Sets the clock to `text` (`2026-01-05T07:00:00Z`).
    func at(_ text: String) {
        clock.set(Self.moment(text))
    }

    static func moment(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    static func date(_ text: String) -> CalendarDate {
        CalendarDate(text) ?? CalendarDate(dayNumber: 0)
    }

    /// Starts `type`, checks `steps` and finishes (confirming partial) at `moment`.
    @discardableResult
    func session(_ type: SessionType, at moment: String, checking steps: [Int]) throws -> FinishedSession {
        at(moment)
        try gym.start(type)
        for step in steps { try gym.checkStep(step) }
        clock.advance(by: 40 * 60)
        return try gym.finish(confirmingPartial: true)
    }
}
