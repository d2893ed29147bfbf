// xlsx-bench: how fast and how lean TrainDB's XLSX reader and `traindb xlsx dump` are, next to
// the inflate floor, python-calamine and openpyxl. Run through `make bench` (release build).
// Prints figures; it is never a test.
//
//   xlsx-bench                 generate bench-data/ once, then measure and print the tables
//   xlsx-bench read FILE       (child run) read every cell once, print cells and peak RSS
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
    try dumpFigures(path, title: "the string-heavy workbook")

    // Full-precision and scientific doubles, booleans, dates and date-times, as Excel lays a
    // numeric sheet out: where number and date formatting, not strings, take the time.
    let numeric = dataDirectory.appendingPathComponent("numeric-200000x10-v1.xlsx").path
    try generate(numeric, checking: numeric, with: "bench/numeric-workbook.py", size: 200_000)
    print("")
    try dumpFigures(numeric, title: "the numeric-heavy workbook (200,001 × 10)")

    // 2,000 small sheets: each sheet after the first must cost no more than the first.
    let manySheets = dataDirectory.appendingPathComponent("many-sheets-2000-v1.xlsx").path
    try generate(manySheets, checking: manySheets, with: "bench/many-sheets-workbook.py", size: 2_000)
    print("")
    try dumpFigures(manySheets, title: "2,000 sheets of 21 rows × 4", target: 2)

    // A catalogue whose exercises sheet grew to a million rows, every one wrong.
    let big = dataDirectory.appendingPathComponent("catalogue-1000000-v1").path
    try generate(big, checking: big + "/train_exercise_database_prod.xlsx", with: "scripts/big-catalogue", size: 1_000_000)
    print("")
    try checkFigures(big)
}

/// Runs the repository's Python `script ROWS OUT` once, unless `existing` is already there.
func generate(_ output: String, checking existing: String, with script: String, size: Int) throws {
    guard !FileManager.default.fileExists(atPath: existing) else { return }
    print("")
    print("generating \(output) …")
    _ = try runProcess(
        "/usr/bin/env", ["python3", repositoryRoot.appendingPathComponent(script).path, String(size), output])
}

do {
    let arguments = CommandLine.arguments
    if arguments.count == 3, arguments[1] == "read" {
        try childRead(arguments[2])
    } else {
        try benchmark()
    }
} catch {
    FileHandle.standardError.write(Data("xlsx-bench: \(error)\n".utf8))
    exit(1)
}
