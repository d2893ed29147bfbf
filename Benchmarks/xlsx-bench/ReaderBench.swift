import Foundation
import XLSX

// The reader alone, in this process: TrainDB, the inflate floor, python-calamine and openpyxl.

struct ReadTally {
    var cells = 0
    var numberSum = 0.0
    var textBytes = 0
}

/// Reads every cell of the first sheet, touching each value.
func readEveryCell(_ path: String) throws -> ReadTally {
    let workbook = try Workbook(path: path)
    guard let sheet = workbook.sheets.first else { return ReadTally() }
    let cursor = try workbook.cursor(for: sheet)
    var tally = ReadTally()
    while let row = try cursor.next() {
        for cell in row.cells {
            tally.cells += 1
            switch cell.value {
            case .number(let value), .date(let value), .duration(let value): tally.numberSum += value
            case .text(let text), .error(let text): tally.textBytes += text.utf8.count
            case .boolean(let value): tally.cells += value ? 0 : 0
            }
        }
    }
    return tally
}

/// Only inflates the sheet entry through libzip, discarding the bytes.
func inflateSheet(_ path: String) throws -> Int64 {
    let archive = try ZipArchive(path: path)
    let reader = try archive.openEntry(named: sheetPart)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    defer { buffer.deallocate() }
    while try reader.read(into: buffer) > 0 {}
    return reader.bytesRead
}

struct PeerResult: Decodable {
    let best: Double
    let cells: Int
}

/// Times another reader through bench/peers.py (interpreter start-up excluded).
func peer(_ tool: String, _ path: String, repeat runs: Int) -> PeerResult? {
    let script = repositoryRoot.appendingPathComponent("bench/peers.py").path
    guard let output = try? runProcess("/usr/bin/env", ["python3", script, tool, path, String(runs)]),
          let line = output.split(separator: "\n").last else { return nil }
    return try? JSONDecoder().decode(PeerResult.self, from: Data(line.utf8))
}

/// `xlsx-bench read FILE`: reads every cell in a fresh process and prints its peak memory.
func childRead(_ path: String) throws {
    let tally = try readEveryCell(path)
    print("cells=\(tally.cells) peak_kb=\(peakResidentKilobytes())")
}

/// Prints the reader table and its ratios.
func readerFigures(_ path: String) throws {
    // Peak memory in a fresh child process, before anything else inflates this one.
    let child = try runProcess(CommandLine.arguments[0], ["read", path])
    let peakKB = child.split(whereSeparator: { $0 == " " || $0 == "\n" })
        .first { $0.hasPrefix("peak_kb=") }.flatMap { Int($0.dropFirst("peak_kb=".count)) } ?? 0

    var tally = ReadTally()
    let traindb = try bestOf(3) { tally = try readEveryCell(path) }
    let inflate = try bestOf(3) { _ = try inflateSheet(path) }
    print("traindb read \(tally.cells) cells; now python-calamine (3 runs) and openpyxl (1 run) …")
    let calamine = peer("calamine", path, repeat: 3)
    let openpyxl = peer("openpyxl", path, repeat: 1)

    func row(_ name: String, _ time: Double?, _ cells: Int?) -> String {
        let shown = time.map { String(format: "%8.3f s", $0) } ?? "   n/a    "
        let rate = zip(time, cells).map { String(format: "%6.2f M cells/s", Double($1) / $0 / 1e6) } ?? ""
        return name.padding(toLength: 34, withPad: " ", startingAt: 0) + shown + "   " + rate
    }
    print("")
    print("reader (best of 3 unless noted)".padding(toLength: 34, withPad: " ", startingAt: 0) + "    time")
    print(row("traindb (XLSX module)", traindb, tally.cells))
    print(row("inflate floor (libzip only)", inflate, nil))
    print(row("python-calamine to_python()", calamine?.best, calamine?.cells))
    print(row("openpyxl read_only (1 run)", openpyxl?.best, openpyxl?.cells))
    print("")
    if let calamine {
        let ratio = traindb / calamine.best
        print(String(format: "traindb / calamine      %.2f   (target ≤ 0.40: %@)", ratio, verdict(ratio <= 0.4)))
    }
    let floorRatio = traindb / inflate
    print(String(format: "traindb / inflate floor %.2f   (target ≤ 2.50: %@)",
                 floorRatio, verdict(floorRatio <= 2.5)))
    let peakMB = Double(peakKB) / 1024
    print(String(format: "traindb peak memory     %.1f MB (target ≤ 40 MB: %@)", peakMB, verdict(peakMB <= 40)))
}

func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }

func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
