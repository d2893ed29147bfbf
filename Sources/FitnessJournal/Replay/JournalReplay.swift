import EventReplay
import Foundation
import TrainingCalendar

/// A replay of a journal's events, line by line, each at its own moment (the grammar and the
/// loop of `Replayer`): what a year of use leaves in the journal. A refused event (a bad line,
/// or input the journal refuses) is recorded with its line number and the replay goes on, as
/// the app would after showing the message.
public struct JournalReplay: Sendable {
    /// A refused line: the replays' one refusal.
    public typealias Refusal = ReplayRefusal

    /// Events applied.
    public private(set) var applied = 0
    public private(set) var refusals: [Refusal] = []

    /// Applies each event of `text` (the grammar of `Replayer`) to `journal`, setting `clock`
    /// to the event's moment first.
    public init(_ text: String, into journal: FitnessJournal, clock: ManualClock) {
        func apply(_ event: JournalEvent) throws {
            try Self.apply(event.action, to: journal)
        }
        let summary = Replayer(clock: clock).run(text, event: JournalEvent.init, apply: apply)
        applied = summary.applied
        refusals = summary.refusals
    }

    /// Runs one action on `journal`.
    public static func apply(_ action: JournalEvent.Action, to journal: FitnessJournal) throws(JournalError) {
        switch action {
        case .workout(let workout): try journal.logWorkout(workout)
        case .checkIn(let checkIn): try journal.checkIn(checkIn)
        case .delete(let id): try journal.deleteWorkout(id: id)
        case .settings(let change): try journal.updateSettings(change.applied(to: journal.settings()))
        }
    }
}
