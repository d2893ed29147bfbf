import Foundation

// `traindb check` and `traindb build` on a catalogue that grew, against `traindb xlsx dump` of
// its exercises sheet: how much the checks and the database cost on top of reading every cell.

/// `xlsx-bench catalogue [ROWS…]`: for each row count (164,730 and 1,000,000 unless given),
/// generates the grown catalogue once (`scripts/grown-catalogue`, cached in bench-data/), and
/// for the first count a copy XlsxWriter writes (`scripts/rewritten-catalogue`), then times the
/// dump, the check and the build as whole processes in alternating rounds.
func catalogueFigures(rowCounts: [Int]) throws {
    let traindb = traindbPath
    guard FileManager.default.isExecutableFile(atPath: traindb) else {
        print("no \(traindb): build it with `swift build -c release --product traindb`")
        return
    }
    let dataDirectory = repositoryRoot.appendingPathComponent("bench-data")
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    // Each size as our script writes it (inline strings), and the first size written again by
    // XlsxWriter (shared strings, as Excel and most programs store text): a catalogue TrainDB's
    // own scripts did not lay out.
    var catalogues: [(rows: Int, writer: String?)] = rowCounts.map { ($0, nil) }
    if let first = rowCounts.first { catalogues.insert((first, "xlsxwriter"), at: 1) }
    for (rows, writer) in catalogues {
        let grown = dataDirectory.appendingPathComponent("grown-catalogue-\(rows)-v1").path
        try generate(
            grown + "/train_exercise_database_prod.xlsx", with: ["scripts/grown-catalogue", String(rows), grown])
        let folder =
            writer.map { dataDirectory.appendingPathComponent("grown-catalogue-\(rows)-\($0)-v1").path } ?? grown
        let workbook = folder + "/train_exercise_database_prod.xlsx"
        if let writer { try generate(workbook, with: ["scripts/rewritten-catalogue", writer, grown, folder]) }
        let database = FileManager.default.temporaryDirectory
            .appendingPathComponent("xlsx-bench-\(getpid())-catalogue.sqlite").path
        defer { try? FileManager.default.removeItem(atPath: database) }
        let commands: [(name: String, command: [String])] = [
            ("traindb xlsx dump --sheet exercises", [traindb, "xlsx", "dump", workbook, "--sheet", "exercises"]),
            ("traindb check", [traindb, "check", "--workbooks", folder]),
            ("traindb build", [traindb, "build", "--workbooks", folder, "--output", database]),
        ]
        let rounds = rows > 500_000 ? 1 : 3
        print("")
        print("a catalogue grown to \(rows) exercises (committed rows repeated with new ids, names and groups), "
              + (writer.map { "written again by \($0)" } ?? "written by scripts/grown-catalogue")
              + ": dump, check and build, whole processes, \(rounds) alternating round(s) (load \(loadAverage())) …")
        var runs = Array(repeating: Runs(), count: commands.count)
        do {
            for _ in 0..<rounds {
                for (index, entry) in commands.enumerated() {
                    runs[index].figures.append(try wholeProcess(entry.command))
                }
            }
        } catch {
            // A workbook the reader refuses (its sheet past the reader's size limit, say) is a
            // figure of its own: say so and go on with the next size.
            print("not timed: \(error); run `\(commands[0].command.joined(separator: " "))` to see why")
            continue
        }
        print("")
        print("stdout to /dev/null".padding(toLength: 40, withPad: " ", startingAt: 0)
              + "median (fastest – slowest)      CPU   peak memory   per row")
        for (index, entry) in commands.enumerated() {
            let run = runs[index]
            print(entry.name.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(format: "%6.2f s (%5.2f – %5.2f)  %6.2f s  %6.1f MB   %5.1f µs",
                           run.median, run.spread.0, run.spread.1, run.cpuMedian,
                           Double(run.peakKilobytes) / 1024, run.median / Double(rows) * 1e6))
        }
        print("")
        // The wall-clock ratio is the wait people see; it also measures the wait for a core when
        // other work loads the machine, which the CPU ratio (user + system time of the whole
        // process, every thread) does not. Both are held to the target.
        for (index, label, target) in [(1, "check / dump", 1.5), (2, "build / dump", 2.5)] {
            let perRound = zip(runs[index].figures, runs[0].figures).map { $0.seconds / $1.seconds }
            let median = runs[index].median / runs[0].median
            let cpuPerRound = zip(runs[index].figures, runs[0].figures).map { $0.cpuSeconds / $1.cpuSeconds }
            let cpu = runs[index].cpuMedian / runs[0].cpuMedian
            let peakMB = Double(runs[index].peakKilobytes) / 1024
            print(label.padding(toLength: 16, withPad: " ", startingAt: 0)
                  + String(format: "wall %.2f (rounds %.2f – %.2f), CPU %.2f (rounds %.2f – %.2f)   target ≤ %.1f: "
                           + "%@ in wall time, %@ in CPU time;   peak %.1f MB, target ≤ 64 MB: %@",
                           median, perRound.min() ?? .nan, perRound.max() ?? .nan, cpu,
                           cpuPerRound.min() ?? .nan, cpuPerRound.max() ?? .nan, target,
                           verdict(median <= target), verdict(cpu <= target),
                           peakMB, verdict(peakMB <= 64)))
        }
    }
}
