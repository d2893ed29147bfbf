// gymtrack-bench: how fast GymTrack answers a user with ten years of daily use.
// Run through `make bench` (release build). Prints figures; it is never a test.
//
// A user works out every day for ten years through the public API, on a file in a temporary
// directory in London: the type the rotation offers, half the steps or more checked (the
// challenge's among them), a partial session every tenth day; two challenge taps a day, one on
// Sundays. That is 3,652 sessions and 3,652 challenge days. Then each stat the screens show is
// timed on the finished store, 200 times: wall time, and the thread's CPU time (what the call
// costs when other work shares the cores). Target: ≤ 10 ms each.
//
// GYMTRACK_BENCH_DB=FILE keeps the store in FILE and reuses it when it exists, to time the stats
// again without building ten years anew.
import Charts
import Foundation
import GymTrack
import TrainingCalendar

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

/// The calling thread's CPU time, in milliseconds.
func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

func figures(_ values: [Double]) -> String {
    String(
        format: "p50 %6.3f ms  p99 %6.3f ms  max %6.3f ms", percentile(values, 0.5), percentile(values, 0.99),
        values.max() ?? 0)
}

let kept = ProcessInfo.processInfo.environment["GYMTRACK_BENCH_DB"]
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gymtrack-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let path = kept ?? directory.appendingPathComponent("gymtrack.sqlite").path
let reused = kept.map { FileManager.default.fileExists(atPath: $0) } ?? false
let london = TimeZone(identifier: "Europe/London") ?? .gmt
let firstDay = CalendarDate(year: 2017, month: 1, day: 1) ?? CalendarDate(dayNumber: 0)
let lastDay = CalendarDate(year: 2026, month: 12, day: 31) ?? CalendarDate(dayNumber: 0)
let clock = ManualClock(firstDay.start(in: london))
let gym = try GymTrack(path: path, clock: clock, timeZone: london)

let started = Date()
var days = 0
var date = reused ? lastDay.adding(days: 1) : firstDay
while date <= lastDay {
    let morning = date.start(in: london).addingTimeInterval(7 * 3600)
    clock.set(morning)
    let next = try gym.next().next
    let steps = gym.routine(next).steps.count
    try gym.start(next)
    let checked = days % 10 == 9 ? [1, 2] : Array(1...(steps + 1) / 2)
    for step in checked {
        clock.advance(by: 180)
        try gym.checkStep(step)
    }
    clock.set(morning.addingTimeInterval(40 * 60))
    try gym.finish(confirmingPartial: true)
    for hour in date.weekday == .sun ? [18.0] : [12.0, 18.0] {
        clock.set(date.start(in: london).addingTimeInterval(hour * 3600))
        try gym.tapChallenge()
    }
    days += 1
    date = date.adding(days: 1)
}
let building = Date().timeIntervalSince(started)

clock.set(lastDay.start(in: london).addingTimeInterval(20 * 3600))
let stats = try gym.stats()
print(
    "gymtrack: \(stats.distribution.map(\.sessions).reduce(0, +)) sessions, "
        + (reused ? "reused from \(path)" : "\(days) days built in " + String(format: "%.1f s", building))
        + " through the API; gym streak \(stats.gymStreak.current) "
        + "(longest \(stats.gymStreak.longest)), challenge streak \(stats.challenge.streak.current)")

/// Runs per call: 200, or `BENCH_RUNS` (a few, to count a call's instructions under callgrind).
let runs = max(1, ProcessInfo.processInfo.environment["BENCH_RUNS"].flatMap { Int($0) } ?? 200)
let measured: [(String, () throws -> Void)] = [
    ("next (rotation)", { _ = try gym.next() }),
    ("quick stats", { _ = try gym.quickStats() }),
    ("gym streak", { _ = try gym.gymStreak() }),
    ("challenge card", { _ = try gym.challengeCard() }),
    ("all stats (v1.1)", { _ = try gym.stats() }),
    ("heatmap SVG", { _ = try gym.challengeHeatmap().document.text }),
]
print("each call, \(runs) times:             wall time                                  CPU time")
for (name, body) in measured {
    var times: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<runs {
        let cpuStart = cpuMilliseconds()
        times.append(try milliseconds(body))
        cpu.append(cpuMilliseconds() - cpuStart)
    }
    let verdict = percentile(cpu, 0.99) <= 10 ? "ok" : "OVER"
    print(
        name.padding(toLength: 18, withPad: " ", startingAt: 0) + figures(times) + "   "
            + String(format: "p50 %6.3f ms  p99 %6.3f ms", percentile(cpu, 0.5), percentile(cpu, 0.99))
            + "  target ≤ 10 ms: \(verdict)")
}
