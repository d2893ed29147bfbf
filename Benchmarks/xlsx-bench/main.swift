// xlsx-bench: how fast and how lean TrainDB's XLSX reader and `traindb xlsx dump` are, next to
// the inflate floor, libxml2, python-calamine, fastexcel and openpyxl, on workbooks bench/
// lays out itself and on workbooks XlsxWriter and openpyxl write. Run through `make bench`
// (release build). Prints figures; it is never a test.
//
//   xlsx-bench                 generate bench-data/ once, then measure and print the tables
//   xlsx-bench read FILE       (child run) read every cell once, print cells and peak RSS
//   xlsx-bench phase NAME FILE run one reading phase (inflate, libxml2Parse, parse, decode) of the
//                              first sheet once, for a profiler (valgrind --tool=callgrind)
//   xlsx-bench dump FILE       the dump table and the phases of one workbook, as for XlsxWriter's
//                              and openpyxl's above
//   xlsx-bench catalogue [ROWS…]  check and build of a grown catalogue against the dump of its
//                              exercises sheet (`make bench-catalogue`; 164,730 and 1,000,000 rows)
import Foundation
import XLSX

func benchmark() throws {
    let dataDirectory = repositoryRoot.appendingPathComponent("bench-data")
    try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    // The version suffix changes whenever the generator does, so a stale cache is not reused.
    let path = dataDirectory.appendingPathComponent("exercises-\(rowCount)x\(columnCount)-v2.xlsx").path
    if !FileManager.default.fileExists(atPath: path) {
        print("generating \(path) …")
        let took = try seconds { try generateWorkbook(at: path) }
        print(String(format: "generated in %.1f s", took))
    }
    let fileSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let archive = try ZipArchive(path: path)
    let sheetSize = archive.entry(named: sheetPart)?.uncompressedSize ?? 0
    print(String(format: "workbook: %@ (%.1f MB on disk, sheet XML %.1f MB)",
                 path, Double(fileSize) / 1e6, Double(sheetSize) / 1e6))
    try readerFigures(path)
    print("")
    try dumpFigures(path, title: "the string-heavy workbook", targets: .ownWorkbook)

    // Full-precision and scientific doubles, booleans, dates and date-times, as Excel lays a
    // numeric sheet out: where number and date formatting, not strings, take the time.
    let numeric = dataDirectory.appendingPathComponent("numeric-200000x10-v1.xlsx").path
    try generate(numeric, with: ["bench/numeric-workbook.py", "200000", numeric])
    print("")
    try dumpFigures(numeric, title: "the numeric-heavy workbook (200,001 × 10)", targets: .ownWorkbook)

    // 2,000 small sheets: each sheet after the first must cost no more than the first.
    let manySheets = dataDirectory.appendingPathComponent("many-sheets-2000-v1.xlsx").path
    try generate(manySheets, with: ["bench/many-sheets-workbook.py", "2000", manySheets])
    print("")
    try dumpFigures(manySheets, title: "2,000 sheets of 21 rows × 4", targets: .manySheets)

    // The same kinds of workbook as other programs write them: XlsxWriter (shared strings,
    // sheet views, 16-digit numbers) and openpyxl (inline strings, `t="n"` on every number).
    for writer in ["xlsxwriter", "openpyxl"] {
        let mixed = dataDirectory.appendingPathComponent("\(writer)-mixed-200000-v1.xlsx").path
        try generate(mixed, with: ["bench/third-party-workbook.py", writer, "mixed", "200000", mixed])
        print("")
        let runs = try dumpFigures(mixed, title: "200,001 × 10 written by \(writer)", targets: .otherWriters)
        try phaseFigures(mixed, title: "200,001 × 10 written by \(writer)", dump: runs)
    }
    for writer in ["xlsxwriter", "openpyxl"] {
        let sheets = dataDirectory.appendingPathComponent("\(writer)-sheets-2000-v1.xlsx").path
        try generate(sheets, with: ["bench/third-party-workbook.py", writer, "sheets", "2000", sheets])
        print("")
        try dumpFigures(sheets, title: "2,000 sheets of 21 rows × 4 written by \(writer)", targets: .manySheets)
    }

    // A catalogue whose exercises sheet grew to a million rows, every one wrong.
    let big = dataDirectory.appendingPathComponent("catalogue-1000000-v1").path
    try generate(big + "/train_exercise_database_prod.xlsx", with: ["scripts/big-catalogue", "1000000", big])
    print("")
    try checkFigures(big)
}

/// Runs the repository's Python script `arguments[0]` with the other arguments once, unless
/// `existing` is already there.
func generate(_ existing: String, with arguments: [String]) throws {
    guard !FileManager.default.fileExists(atPath: existing) else { return }
    print("")
    print("generating \(existing) …")
    let took = try seconds {
        _ = try runProcess("/usr/bin/env",
                           ["python3", repositoryRoot.appendingPathComponent(arguments[0]).path]
                           + arguments.dropFirst())
    }
    print(String(format: "generated in %.1f s", took))
}

do {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "read" {
        try childRead(arguments[2])
    } else if arguments.count == 3, arguments[1] == "dump" {
        let runs = try dumpFigures(arguments[2], title: arguments[2], targets: .otherWriters)
        try phaseFigures(arguments[2], title: arguments[2], dump: runs)
    } else if arguments.count >= 2, arguments[1] == "catalogue" {
        let counts = arguments.dropFirst(2).compactMap { Int($0) }
        try catalogueFigures(rowCounts: counts.isEmpty ? [164_730, 1_000_000] : counts)
    } else if arguments.count == 4, arguments[1] == "phase",
              let phase = ReaderPhase.allCases.first(where: { "\($0)" == arguments[2] }) {
        let workbook = try Workbook(path: arguments[3])
        guard let sheet = workbook.sheets.first else { exit(0) }
        print(try phase.run(on: workbook, sheet: sheet))
    } else {
        try benchmark()
    }
} catch {
    FileHandle.standardError.write(Data("xlsx-bench: \(error)\n".utf8))
    exit(1)
}
