import EventReplay
import Foundation
import TrainingCalendar

/// A replay of a journal's events, line by line, each at its own moment (the grammar and the
/// loop of `Replayer`): what a year of use leaves in the journal. A refused event (a bad line,
/// or input the journal refuses) is recorded with its line number and the replay goes on, as
/// the app would after showing the message.
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

    /// Applies each event of `text` (the grammar of `Replayer`) to `journal`, setting `clock`
    /// to the event's moment first.
    public init(_ text: String, into journal: FitnessJournal, clock: ManualClock) {
        var applied = 0
        var refusals: [Refusal] = []
        func apply(_ event: JournalEvent) throws {
            try Self.apply(event.action, to: journal)
        }
        Replayer(clock: clock).run(text, event: JournalEvent.init, apply: apply) { (step: Replayer.Step<Void>) in
            switch step.outcome {
            case .success: applied += 1
            case .failure(let refusal):
                let diagnostic = refusal.diagnostic
                refusals.append(Refusal(line: step.line, code: diagnostic.code, message: diagnostic.message))
            }
        }
        self.applied = applied
        self.refusals = refusals
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
