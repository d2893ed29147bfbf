import Foundation
import TrainingCalendar

/// A replay of a journal's events, line by line, each at its own moment: what a year of use
/// leaves in the journal. A refused event (a bad line, or input the journal refuses) is
/// recorded with its line number and the replay goes on, as the app would after showing the
/// message.
public struct JournalReplay: Sendable {
    /// A refused line.
    public struct Refusal: Codable, Hashable, Sendable {
        public var line: Int
        public var code: String
        public var message: String
    }

    /// Events applied.
    public private(set) var applied = 0
    public private(set) var refusals: [Refusal] = []

    /// Applies each event of `text` to `journal`, setting `clock` to the event's moment first.
    /// Events must not go back in time (a refusal says so).
    public init(_ text: String, into journal: FitnessJournal, clock: ManualClock) {
        var last: Date?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            do throws(JournalError) {
                let event = try JournalEvent(line: trimmed)
                if let last, event.at < last {
                    throw JournalError(
                        .invalidEvent, "at: \(Timestamp.secondsText(event.at)) is before the previous event")
                }
                last = event.at
                clock.set(event.at)
                try Self.apply(event.action, to: journal)
                applied += 1
            } catch {
                refusals.append(Refusal(line: index + 1, code: error.code, message: error.message))
            }
        }
    }

    private static func apply(_ action: JournalEvent.Action, to journal: FitnessJournal) throws(JournalError) {
        switch action {
        case .workout(let workout): try journal.logWorkout(workout)
        case .checkIn(let checkIn): try journal.checkIn(checkIn)
        case .delete(let id): try journal.deleteWorkout(id: id)
        case .settings(let change): try journal.updateSettings(change.applied(to: journal.settings()))
        }
    }
}
