import Foundation

// `traindb xlsx dump`, the tool people and scripts run, against python-calamine building Python
// lists: whole process against whole process (start-up, reading and writing included).

/// Prints the dump table and its ratios, or says why it cannot.
func dumpFigures(_ path: String, title: String) throws {
    // `make bench` builds traindb beside this executable.
    let traindb = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("traindb").path
    guard FileManager.default.isExecutableFile(atPath: traindb) else {
        return print("no \(traindb): build it with `swift build -c release --product traindb`")
    }
    let script = repositoryRoot.appendingPathComponent("bench/peers.py").path
    print("\(title): xlsx dump and python-calamine, whole processes (3 runs each) …")
    let json = try wholeProcess([traindb, "xlsx", "dump", path], runs: 3)
    let csv = try wholeProcess([traindb, "xlsx", "dump", path, "--format", "csv"], runs: 3)
    let calamine = try? wholeProcess(["/usr/bin/env", "python3", script, "calamine-process", path], runs: 3)

    func row(_ name: String, _ figures: ProcessFigures?) -> String {
        let shown = figures.map { String(format: "%8.3f s %8.1f MB", $0.seconds, Double($0.peakKilobytes) / 1024) }
        return name.padding(toLength: 40, withPad: " ", startingAt: 0) + (shown ?? "   n/a")
    }
    print("")
    print("whole process, stdout to /dev/null (best of 3)    time   peak memory")
    print(row("traindb xlsx dump (JSON)", json))
    print(row("traindb xlsx dump --format csv", csv))
    print(row("python-calamine to_python(), every sheet", calamine))
    print("")
    if let calamine {
        for (name, figures) in [("JSON", json), ("CSV ", csv)] {
            let ratio = figures.seconds / calamine.seconds
            print(String(format: "dump %@ / calamine process %.2f   (target ≤ 0.40: %@)",
                         name, ratio, verdict(ratio <= 0.4)))
        }
    }
    let peakMB = Double(max(json.peakKilobytes, csv.peakKilobytes)) / 1024
    print(String(format: "dump peak memory             %.1f MB (target ≤ 40 MB: %@)", peakMB, verdict(peakMB <= 40)))
}
