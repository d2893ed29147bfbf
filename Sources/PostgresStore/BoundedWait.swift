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
func firstOf<Value: Sendable>(seconds: Double, _ body: @escaping @Sendable () async -> Value) async -> Value? {
    let race = Race<Value>()
    return await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        race.hold(continuation)
        let timer = Task {
            try? await Task.sleep(for: .seconds(seconds))
            race.finish(with: nil)
        }
        Task {
            race.finish(with: await body())
            timer.cancel()
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
