import Foundation
import Synchronization

/// Waits for `body` at most `seconds`, then goes on without it. For the courtesy steps after a
/// failure (a ROLLBACK, a close) on a connection the server may already have ended: a session
/// the server terminated (a restart, an administrator) takes its transaction with it, and a
/// command sent on it can wait for an answer that never comes.
func waitAtMost(_ seconds: Double, for body: @escaping @Sendable () async -> Void) async {
    _ = await firstOf(seconds: seconds, body)
}

/// `body`'s value, or nil when `seconds` pass first (`body` then runs on, unawaited).
///
/// `body` runs in a task of its own; the deadline is one entry in `Deadlines.shared`, which a
/// single task watches for every call at once, rather than a sleeping task per call that the
/// answer then has to wake and cancel: a pooled call's answer wakes one task, not three.
func firstOf<Value: Sendable>(seconds: Double, _ body: @escaping @Sendable () async -> Value) async -> Value? {
    let race = Race<Value>()
    return await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        race.hold(continuation)
        let ticket = Deadlines.shared.add(after: seconds) { race.finish(with: nil) }
        Task {
            race.finish(with: await body())
            Deadlines.shared.remove(ticket)
        }
    }
}

/// The deadlines of the calls in flight, watched by one task that runs only while there are
/// some: it wakes at the earliest deadline, or every quarter of a second at the latest (so a
/// deadline fires at most that late), and runs each passed deadline's action once.
final class Deadlines: Sendable {
    static let shared = Deadlines()

    private struct State {
        var next: UInt64 = 0
        var entries: [UInt64: (deadline: ContinuousClock.Instant, fire: @Sendable () -> Void)] = [:]
        var watching = false
    }

    private let state = Mutex(State())
    private static let longestNap = Duration.milliseconds(250)

    /// Runs `fire` once `seconds` have passed, unless `remove` comes first; returns the ticket.
    func add(after seconds: Double, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
        let deadline = ContinuousClock.now + .seconds(seconds)
        let (ticket, startWatcher) = state.withLock { state -> (UInt64, Bool) in
            state.next += 1
            state.entries[state.next] = (deadline, fire)
            let start = !state.watching
            state.watching = true
            return (state.next, start)
        }
        if startWatcher { Task { await self.watch() } }
        return ticket
    }

    func remove(_ ticket: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: ticket) }
    }

    private func watch() async {
        while true {
            let now = ContinuousClock.now
            let (due, wake) = state.withLock { state -> ([@Sendable () -> Void]?, ContinuousClock.Instant) in
                var due: [@Sendable () -> Void] = []
                var earliest = now + Self.longestNap
                for (ticket, entry) in state.entries {
                    if entry.deadline <= now {
                        due.append(entry.fire)
                        state.entries.removeValue(forKey: ticket)
                    } else if entry.deadline < earliest {
                        earliest = entry.deadline
                    }
                }
                if state.entries.isEmpty && due.isEmpty {
                    state.watching = false
                    return (nil, now)
                }
                return (due, earliest)
            }
            guard let due else { return }
            for fire in due { fire() }
            try? await Task.sleep(until: wake, clock: .continuous)
        }
    }
}

/// A continuation resumed once, by whichever side finishes first.
private final class Race<Value: Sendable>: Sendable {
    private let waiting = Mutex<CheckedContinuation<Value?, Never>?>(nil)

    func hold(_ continuation: CheckedContinuation<Value?, Never>) {
        waiting.withLock { $0 = continuation }
    }

    func finish(with value: Value?) {
        let continuation = waiting.withLock { held -> CheckedContinuation<Value?, Never>? in
            defer { held = nil }
            return held
        }
        continuation?.resume(returning: value)
    }
}
