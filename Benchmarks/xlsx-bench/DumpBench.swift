import Foundation
import XLSX

// `traindb xlsx dump`, the tool people and scripts run, against python-calamine building Python
// lists and fastexcel building Arrow arrays: whole process against whole process (start-up,
// reading and writing included), in alternating rounds so that a busy moment of the machine
// weighs on every tool alike.

/// What a workbook's dump is held to: wall-time ratios to each peer and a CPU ratio to
/// fastexcel, each nil when not a target for that workbook (the ratio is printed all the same).
struct DumpTargets {
    var calamine: Double
    var fastexcel: Double?
    var cpuVersusFastexcel: Double?

    static let ownWorkbook = DumpTargets(calamine: 0.4)
    static let otherWriters = DumpTargets(calamine: 0.4, fastexcel: 0.6, cpuVersusFastexcel: 1.0)
    static let manySheets = DumpTargets(calamine: 1.5)
}

/// The traindb executable `make bench` builds beside this one.
var traindbPath: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("traindb").path
}

/// Prints the dump table and its ratios; returns the JSON dump's runs (nil when traindb is
/// not built).
@discardableResult
func dumpFigures(_ path: String, title: String, targets: DumpTargets, rounds: Int = 5) throws -> Runs? {
    let traindb = traindbPath
    guard FileManager.default.isExecutableFile(atPath: traindb) else {
        print("no \(traindb): build it with `swift build -c release --product traindb`")
        return nil
    }
    let script = repositoryRoot.appendingPathComponent("bench/peers.py").path
    var commands: [(name: String, command: [String])] = [
        ("traindb xlsx dump (JSON)", [traindb, "xlsx", "dump", path]),
        ("traindb xlsx dump --format csv", [traindb, "xlsx", "dump", path, "--format", "csv"]),
    ]
    var calamineIndex: Int?
    var fastexcelIndex: Int?
    for (name, tool) in [("python-calamine to_python(), every sheet", "calamine-process"),
                         ("fastexcel into Arrow, every sheet", "fastexcel-process")] {
        let command = ["/usr/bin/env", "python3", script, tool, path]
        // A peer that cannot run here (not installed) is left out, once.
        guard (try? wholeProcess(command)) != nil else {
            print("\(name): cannot run (pip install python-calamine fastexcel)")
            continue
        }
        if tool == "calamine-process" { calamineIndex = commands.count } else { fastexcelIndex = commands.count }
        commands.append((name, command))
    }
    print("\(title): xlsx dump, python-calamine and fastexcel, whole processes, \(rounds) alternating rounds "
          + "(load \(loadAverage())) …")
    var runs = Array(repeating: Runs(), count: commands.count)
    for _ in 0..<rounds {
        for (index, entry) in commands.enumerated() {
            runs[index].figures.append(try wholeProcess(entry.command))
        }
    }

    print("")
    print("stdout to /dev/null".padding(toLength: 44, withPad: " ", startingAt: 0)
          + "median (fastest – slowest)      CPU   peak memory")
    for (index, entry) in commands.enumerated() {
        let run = runs[index]
        print(entry.name.padding(toLength: 44, withPad: " ", startingAt: 0)
              + String(format: "%6.3f s (%5.3f – %5.3f)  %6.3f s  %6.1f MB",
                       run.median, run.spread.0, run.spread.1, run.cpuMedian, Double(run.peakKilobytes) / 1024))
    }
    print("")
    func ratio(_ label: String, _ mine: Runs, _ theirs: Runs, cpu: Bool = false, target: Double?) {
        let pick: (ProcessFigures) -> Double = { cpu ? $0.cpuSeconds : $0.seconds }
        let median = cpu ? mine.cpuMedian / theirs.cpuMedian : mine.median / theirs.median
        let perRound = zip(mine.figures, theirs.figures).map { pick($0) / pick($1) }
        var line = label.padding(toLength: 36, withPad: " ", startingAt: 0)
            + String(format: "%.2f (rounds %.2f – %.2f)", median, perRound.min() ?? .nan, perRound.max() ?? .nan)
        if let target { line += String(format: "   target ≤ %.2f: %@", target, verdict(median <= target)) }
        print(line)
    }
    for (index, format) in [(0, "JSON"), (1, "CSV ")] {
        if let calamineIndex {
            ratio("dump \(format) / calamine", runs[index], runs[calamineIndex], target: targets.calamine)
        }
        if let fastexcelIndex {
            ratio("dump \(format) / fastexcel", runs[index], runs[fastexcelIndex], target: targets.fastexcel)
            ratio("dump \(format) CPU / fastexcel CPU", runs[index], runs[fastexcelIndex], cpu: true,
                  target: targets.cpuVersusFastexcel)
        }
    }
    let peakMB = Double(max(runs[0].peakKilobytes, runs[1].peakKilobytes)) / 1024
    print(String(format: "dump peak memory                    %.1f MB   target ≤ 40 MB: %@",
                 peakMB, verdict(peakMB <= 40)))
    return runs[0]
}

/// Where the time of reading one sheet goes: each phase on one thread (best of 3, CPU time),
/// next to the inflate floor, then the whole dump process's CPU time (`dump`, the JSON runs).
func phaseFigures(_ path: String, title: String, dump: Runs?) throws {
    let workbook = try Workbook(path: path)
    guard let sheet = workbook.sheets.first else { return }
    print("")
    print("\(title), first sheet: each phase on one thread, best of 3 (load \(loadAverage())) …")
    print("")
    print("phase".padding(toLength: 52, withPad: " ", startingAt: 0) + "CPU time   × inflate")
    var floor = Double.nan
    let labels: [ReaderPhase: String] = [
        .inflate: "inflate (the floor)",
        .libxml2Parse: "inflate + libxml2's bare SAX parse",
        .parse: "inflate + XML parse (XMLTokenizer)",
        .decode: "inflate + parse + cell decoding (typed rows)",
    ]
    for phase in ReaderPhase.allCases {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = threadCPUSeconds()
            _ = try phase.run(on: workbook, sheet: sheet)
            best = min(best, threadCPUSeconds() - start)
        }
        if phase == .inflate { floor = best }
        print((labels[phase] ?? "\(phase)").padding(toLength: 52, withPad: " ", startingAt: 0)
              + String(format: "%6.3f s   %5.2f", best, best / floor))
    }
    if let dump {
        print("the whole dump process (JSON): + rendering, writing".padding(toLength: 52, withPad: " ", startingAt: 0)
              + String(format: "%6.3f s   %5.2f   (median CPU of the rounds above, every thread)",
                       dump.cpuMedian, dump.cpuMedian / floor))
    }
}

/// `traindb check` of a catalogue folder whose exercises sheet has a million one-cell rows
/// (about 11 million problems), and the dump of that workbook, against python-calamine reading
/// it: whole processes, once each.
func checkFigures(_ folder: String) throws {
    let traindb = traindbPath
    guard FileManager.default.isExecutableFile(atPath: traindb) else { return }
    let workbook = folder + "/train_exercise_database_prod.xlsx"
    let script = repositoryRoot.appendingPathComponent("bench/peers.py").path
    print("a million one-cell rows in exercises: check, dump and python-calamine, whole processes (1 run each) …")
    let check = try wholeProcess([traindb, "check", "--workbooks", folder, "--format", "json"], exitStatus: 1)
    let dump = try wholeProcess([traindb, "xlsx", "dump", workbook])
    let calamine = try? wholeProcess(["/usr/bin/env", "python3", script, "calamine-process", workbook])
    func row(_ name: String, _ figures: ProcessFigures?) -> String {
        let shown = figures.map { String(format: "%8.3f s %8.1f MB", $0.seconds, Double($0.peakKilobytes) / 1024) }
        return name.padding(toLength: 52, withPad: " ", startingAt: 0) + (shown ?? "   n/a")
    }
    print("")
    print(row("traindb check --format json (--max-problems 1000)", check))
    print(row("traindb xlsx dump (JSON)", dump))
    print(row("python-calamine to_python(), every sheet", calamine))
    let peakMB = Double(check.peakKilobytes) / 1024
    print(String(format: "check peak memory            %.1f MB (target ≤ 64 MB: %@)", peakMB, verdict(peakMB <= 64)))
}
