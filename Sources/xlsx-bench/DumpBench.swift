import Foundation

// `traindb xlsx dump`, the tool people and scripts run, against python-calamine building Python
// lists: whole process against whole process (start-up, reading and writing included).

/// Prints the dump table and its ratios, or says why it cannot.
func dumpFigures(_ path: String, title: String, target: Double = 0.4) throws {
    // `make bench` builds traindb beside this executable.
    let traindb = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("traindb").path
    guard FileManager.default.isExecutableFile(atPath: traindb) else {
        return print("no \(traindb): build it with `swift build -c release --product traindb`")
    }
    let script = repositoryRoot.appendingPathComponent("bench/peers.py").path
    print("\(title): xlsx dump and python-calamine, whole processes (5 runs each) …")
    let json = try wholeProcess([traindb, "xlsx", "dump", path], runs: 5)
    let csv = try wholeProcess([traindb, "xlsx", "dump", path, "--format", "csv"], runs: 5)
    let calamine = try? wholeProcess(["/usr/bin/env", "python3", script, "calamine-process", path], runs: 5)

    func row(_ name: String, _ figures: ProcessFigures?) -> String {
        let shown = figures.map { String(format: "%8.3f s %8.1f MB", $0.seconds, Double($0.peakKilobytes) / 1024) }
        return name.padding(toLength: 40, withPad: " ", startingAt: 0) + (shown ?? "   n/a")
    }
    print("")
    print("whole process, stdout to /dev/null (best of 5)    time   peak memory")
    print(row("traindb xlsx dump (JSON)", json))
    print(row("traindb xlsx dump --format csv", csv))
    print(row("python-calamine to_python(), every sheet", calamine))
    print("")
    if let calamine {
        for (name, figures) in [("JSON", json), ("CSV ", csv)] {
            let ratio = figures.seconds / calamine.seconds
            print(String(format: "dump %@ / calamine process %.2f   (target ≤ %.2f: %@)",
                         name, ratio, target, verdict(ratio <= target)))
        }
    }
    let peakMB = Double(max(json.peakKilobytes, csv.peakKilobytes)) / 1024
    print(String(format: "dump peak memory             %.1f MB (target ≤ 40 MB: %@)", peakMB, verdict(peakMB <= 40)))
}

/// `traindb check` of a catalogue folder whose exercises sheet has a million one-cell rows
/// (about 11 million problems), and the dump of that workbook, against python-calamine reading
/// it: whole processes, once each.
func checkFigures(_ folder: String) throws {
    let traindb = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("traindb").path
    guard FileManager.default.isExecutableFile(atPath: traindb) else { return }
    let workbook = folder + "/train_exercise_database_prod.xlsx"
    let script = repositoryRoot.appendingPathComponent("bench/peers.py").path
    print("a million one-cell rows in exercises: check, dump and python-calamine, whole processes (1 run each) …")
    let check = try wholeProcess(
        [traindb, "check", "--workbooks", folder, "--format", "json"], runs: 1, exitStatus: 1)
    let dump = try wholeProcess([traindb, "xlsx", "dump", workbook], runs: 1)
    let calamine = try? wholeProcess(["/usr/bin/env", "python3", script, "calamine-process", workbook], runs: 1)
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
