import Foundation

/// The repository root: this file is Benchmarks/xlsx-bench/Measuring.swift.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func bestOf(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs { best = min(best, try seconds(body)) }
    return best
}

/// Peak resident memory of this process in KiB. On Linux this is VmHWM from /proc, because
/// getrusage's ru_maxrss keeps the parent's high-water mark across fork and exec.
func peakResidentKilobytes() -> Int {
    #if canImport(Darwin)
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1024
    #else
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    #endif
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a process to the end and returns its standard output; a non-zero exit is an error.
func runProcess(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw BenchError(description: "\(arguments) failed") }
    return String(decoding: data, as: UTF8.self)
}

/// A whole process, start-up to exit: its wall time, its CPU time (user and system, its
/// threads and children included) and its peak resident memory.
struct ProcessFigures {
    var seconds: Double
    var cpuSeconds: Double
    var peakKilobytes: Int
}

/// Runs `command` once with its standard output to /dev/null and returns its figures. The wall
/// time is measured here around the process (to the microsecond), the CPU time is the one the
/// kernel reports for it when it is reaped, and the peak memory comes from `/usr/bin/time`,
/// which starts it: a child spawned by this process directly would inherit this process's
/// high-water mark. `/usr/bin/time`'s own start and CPU (under a millisecond) are included.
func wholeProcess(_ command: [String], exitStatus: Int32 = 0) throws -> ProcessFigures {
    let report = FileManager.default.temporaryDirectory
        .appendingPathComponent("xlsx-bench-\(getpid()).time").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    let arguments = ["/usr/bin/time", "-f", "%M", "-o", report] + command
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let start = DispatchTime.now().uptimeNanoseconds
    var pid = pid_t()
    let spawned = posix_spawn(&pid, "/usr/bin/time", &actions, nil, &argv, environ)
    guard spawned == 0 else { throw BenchError(description: "cannot start \(command[0]) (error \(spawned))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // WIFEXITED and WEXITSTATUS, spelled out: the C macros are not imported.
    guard status & 0x7F == 0, (status >> 8) & 0xFF == exitStatus else {
        throw BenchError(description: "\(command) failed (wait status \(status))")
    }
    let text = try String(contentsOfFile: report, encoding: .utf8)
    guard let peak = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
        throw BenchError(description: "/usr/bin/time wrote \(text)")
    }
    func time(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
    return ProcessFigures(seconds: seconds, cpuSeconds: time(usage.ru_utime) + time(usage.ru_stime),
                          peakKilobytes: peak)
}

/// The runs of one command: best, median and spread.
struct Runs {
    var figures: [ProcessFigures] = []

    var best: Double { figures.map(\.seconds).min() ?? .nan }
    var median: Double { Self.median(figures.map(\.seconds)) }
    var cpuMedian: Double { Self.median(figures.map(\.cpuSeconds)) }
    var peakKilobytes: Int { figures.map(\.peakKilobytes).max() ?? 0 }
    var spread: (Double, Double) { (figures.map(\.seconds).min() ?? .nan, figures.map(\.seconds).max() ?? .nan) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// The calling thread's CPU time, in seconds.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The load average over the last minute, as `uptime` shows it.
func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
