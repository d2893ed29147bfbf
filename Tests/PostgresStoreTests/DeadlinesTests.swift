import Foundation
import Synchronization
import Testing

@testable import PostgresStore

/// `firstOf`, which every pooled call's answer deadline goes through: one task watches all the
/// calls' deadlines (`Deadlines`), so a wrong entry would either cut an answered call short or
/// let a silent one wait for ever.
@Suite("answer deadlines, watched together")
struct DeadlinesTests {
    @Test("a body that answers in time gives its value, and its deadline never fires afterwards")
    func answeredInTime() async throws {
        let fired = Counter()
        // A deadline an hour off: under `make test` a new task can wait a minute for a thread.
        let value = await firstOf(seconds: 3_600) { 42 }
        #expect(value == 42)
        let ticket = Deadlines.shared.add(after: 0.2) { fired.add() }
        Deadlines.shared.remove(ticket)
        try await Task.sleep(for: .milliseconds(700))
        #expect(fired.value == 0)
    }

    // A watcher that never fires leaves the call waiting for the body's hour: the time limit
    // fails it (a loaded `make test` can hold a task back for a minute, hence not less).
    @Test(
        "a body that does not answer gives nil once its deadline has passed, long before the body ends",
        .timeLimit(.minutes(5)))
    func silentBody() async {
        let started = ContinuousClock.now
        let value: Int? = await firstOf(seconds: 0.5) {
            try? await Task.sleep(for: .seconds(3_600))
            return 1
        }
        #expect(value == nil)
        #expect(ContinuousClock.now - started >= .milliseconds(500))
    }

    @Test(
        "two hundred calls at once, half silent: each gets its own outcome, and the watcher starts again later",
        .timeLimit(.minutes(5)))
    func manyAtOnce() async {
        let outcomes = await withTaskGroup(of: (Int, Int?).self) { group in
            for call in 0..<200 {
                group.addTask {
                    let silent = call.isMultiple(of: 2)
                    let value = await firstOf(seconds: silent ? 0.3 : 3_600) {
                        if silent { try? await Task.sleep(for: .seconds(3_600)) }
                        return call
                    }
                    return (call, value)
                }
            }
            var outcomes: [Int: Int?] = [:]
            for await (call, value) in group { outcomes[call] = value }
            return outcomes
        }
        #expect(outcomes.count == 200)
        for (call, value) in outcomes {
            #expect(value == (call.isMultiple(of: 2) ? nil : call), "call \(call) gave \(String(describing: value))")
        }
        // After the watcher has had nothing left to watch, a new deadline still fires.
        try? await Task.sleep(for: .milliseconds(600))
        let late: Int? = await firstOf(seconds: 0.2) {
            try? await Task.sleep(for: .seconds(3_600))
            return 0
        }
        #expect(late == nil)
    }
}

/// A count shared across tasks.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
