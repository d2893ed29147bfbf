// store-bench: several processes on one user store, as a phone app meets it (the app, a widget,
// a background sync). Run through `make bench` (release build). Prints figures; never a test.
//
// N writer processes each save M workouts to one fitness journal through the public API, while
// a reader process opens it read-only and reads today's summary in a loop. Every write must be
// acknowledged (none refused with "database is locked") and every read must succeed; the figures
// are each write's wait (from the call to its acknowledgement, waiting for the others included),
// p50/p99/max, and the reads' p99.
//   store-bench [writers] [writes]            (default 4 × 200)
import FitnessJournal
import Foundation
import TrainingCalendar

let arguments = CommandLine.arguments
let nanosecondsPerMillisecond = 1_000_000.0

/// A child: `--writer PATH COUNT` or `--reader PATH STOPFILE`; prints one line per operation:
/// `ok <ms>` or `failed <message>`.
if arguments.count > 1, arguments[1] == "--writer" || arguments[1] == "--reader" {
    let path = arguments[2]
    var lines: [String] = []
    if arguments[1] == "--writer" {
        let count = Int(arguments[3]) ?? 0
        for minute in 1...max(1, count) {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let journal = try FitnessJournal(
                    path: path, clock: SystemClock(), newUser: JournalSettings(timeZone: .gmt))
                _ = try journal.logWorkout(
                    NewWorkout(type: .running, durationMinutes: 1 + minute % 90, intensity: .easy, notes: nil))
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / nanosecondsPerMillisecond
                lines.append("ok \(elapsed)")
            } catch {
                lines.append("failed \(error)")
            }
        }
    } else {
        let stop = arguments[3]
        while !FileManager.default.fileExists(atPath: stop) {
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let journal = try FitnessJournal(
                    path: path, clock: SystemClock(), newUser: JournalSettings(timeZone: .gmt), readOnly: true)
                _ = try journal.today()
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / nanosecondsPerMillisecond
                lines.append("ok \(elapsed)")
            } catch {
                lines.append("failed \(error)")
            }
        }
    }
    print(lines.joined(separator: "\n"))
    exit(0)
}

let writers = arguments.count > 1 ? Int(arguments[1]) ?? 4 : 4
let writes = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let path = directory.appendingPathComponent("journal.sqlite").path
let stop = directory.appendingPathComponent("stop").path
_ = try FitnessJournal(path: path, clock: SystemClock(), newUser: JournalSettings(timeZone: .gmt))

/// Starts this executable as a child and returns the process and its output pipe.
func child(_ childArguments: [String]) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = childArguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    return (process, pipe)
}

/// The millisecond figures and the failures of a child's lines.
func results(_ pipe: Pipe) -> (times: [Double], failures: [String]) {
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    var times: [Double] = []
    var failures: [String] = []
    for line in text.split(separator: "\n") {
        if line.hasPrefix("ok "), let value = Double(line.dropFirst(3)) {
            times.append(value)
        } else {
            failures.append(String(line))
        }
    }
    return (times, failures)
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

let started = DispatchTime.now().uptimeNanoseconds
let reader = try child(["--reader", path, stop])
let children = try (0..<writers).map { _ in try child(["--writer", path, String(writes)]) }
var writeTimes: [Double] = []
var writeFailures: [String] = []
for (process, pipe) in children {
    let (times, failures) = results(pipe)
    process.waitUntilExit()
    writeTimes += times
    writeFailures += failures
}
let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / nanosecondsPerMillisecond
_ = FileManager.default.createFile(atPath: stop, contents: Data())
let (readTimes, readFailures) = results(reader.1)
reader.0.waitUntilExit()
let saved = try FitnessJournal(
    path: path, clock: SystemClock(), newUser: JournalSettings(timeZone: .gmt), readOnly: true
)
    .exportWorkoutsCSV().split(whereSeparator: \.isNewline).count - 1

writeTimes.sort()
let sortedReads = readTimes.sorted()
func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
print("store-bench: \(writers) processes × \(writes) writes on one journal, a reader beside them (\(ms(wall)) in all)")
print(
    "  writes acknowledged \(writeTimes.count) of \(writers * writes), refused \(writeFailures.count);"
        + " saved \(saved)")
print(
    "  write wait (open + save, waiting for the others): p50 \(ms(percentile(writeTimes, 0.5))), "
        + "p99 \(ms(percentile(writeTimes, 0.99))), max \(ms(writeTimes.last ?? .nan))")
print("  reads \(readTimes.count), failed \(readFailures.count); read p99 \(ms(percentile(sortedReads, 0.99)))")
for failure in (writeFailures + readFailures).prefix(3) {
    print("  failure: \(failure)")
}
