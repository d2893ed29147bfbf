import Foundation

/// The repository root: this file is Sources/xlsx-bench/Measuring.swift.
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

/// A whole process, start-up to exit: its wall time and its peak resident memory.
struct ProcessFigures {
    var seconds: Double
    var peakKilobytes: Int
}

/// Runs `command` `runs` times with its standard output to /dev/null, under /usr/bin/time so
/// that the peak memory is the command's own (a child spawned by this process would inherit
/// this process's high-water mark). Returns the best time and the highest peak. The time is
/// the one /usr/bin/time measures (to 10 ms): Foundation's `waitUntilExit` polls every 50 ms,
/// which rounded every process up to the next 50 ms.
func wholeProcess(_ command: [String], runs: Int, exitStatus: Int32 = 0) throws -> ProcessFigures {
    let report = FileManager.default.temporaryDirectory
        .appendingPathComponent("xlsx-bench-\(getpid()).time").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    var figures = ProcessFigures(seconds: .infinity, peakKilobytes: 0)
    for _ in 0..<runs {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%e %M", "-o", report] + command
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == exitStatus else { throw BenchError(description: "\(command) failed") }
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let fields = text.split(separator: "\n").last?.split(separator: " ") ?? []
        guard fields.count == 2, let took = Double(fields[0]), let peak = Int(fields[1]) else {
            throw BenchError(description: "/usr/bin/time wrote \(text)")
        }
        figures.seconds = min(figures.seconds, took)
        figures.peakKilobytes = max(figures.peakKilobytes, peak)
    }
    return figures
}
