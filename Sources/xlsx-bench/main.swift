// xlsx-bench: how fast and how lean TrainDB's XLSX reader is, next to the inflate floor,
// python-calamine and openpyxl. Run through `make bench` (release build). Prints figures; it
// is never a test.
//
//   xlsx-bench                 generate bench-data/ once, then measure and print the table
//   xlsx-bench read FILE       (child run) read every cell once, print cells and peak RSS
import Foundation
import XLSX
import XLSXTestSupport

let rowCount = 200_000
let columnCount = 10
let sheetPart = "xl/worksheets/sheet1.xml"

/// The repository root: this file is Sources/xlsx-bench/main.swift.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

// MARK: Reading

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

// MARK: Generating the workbook

/// Deterministic pseudo-random numbers (64-bit LCG), so every run measures the same file.
struct Scramble {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}

/// Writes a 200,000 × 10 workbook (five text columns drawn from pools, five number columns)
/// with shared strings, streaming the sheet XML through a temporary file.
func generateWorkbook(at path: String) throws {
    let pools: [[String]] = [
        (0..<5000).map { "Exercise \($0) – variation \($0 % 7)" },
        ["Strength", "Mobility", "Cardio", "Balance", "Plyometrics", "Stretching", "Core", "Power"],
        (0..<2000).map { "Keep the spine neutral and move slowly, cue \($0)" },
        (0..<40).map { "Equipment \($0)" },
        (0..<20000).map { "Note \($0): progress when form is stable" },
    ]
    var stringIndex: [String: Int] = [:]
    var strings: [String] = []
    func shared(_ text: String) -> Int {
        if let index = stringIndex[text] { return index }
        stringIndex[text] = strings.count
        strings.append(text)
        return strings.count - 1
    }
    let headers = ["id", "name", "category", "load_kg", "reps", "cue", "rest_s", "equipment", "score", "note"]

    let sheetFile = path + ".sheet.tmp"
    guard let output = fopen(sheetFile, "wb") else { throw CocoaError(.fileWriteUnknown) }
    defer { fclose(output) }
    func emit(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { fputs($0.baseAddress, output) } }

    emit("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
        + "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
        + "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
        + "<dimension ref=\"A1:J\(rowCount + 1)\"/><sheetData>")
    let letters = (1...columnCount).map(CellReference.columnName)
    var line = "<row r=\"1\" spans=\"1:10\">"
    for (column, header) in headers.enumerated() {
        line += "<c r=\"\(letters[column])1\" t=\"s\"><v>\(shared(header))</v></c>"
    }
    emit(line + "</row>")
    var scramble = Scramble()
    var block = ""
    for index in 1...rowCount {
        let r = index + 1
        block += "<row r=\"\(r)\" spans=\"1:10\">"
        block += "<c r=\"A\(r)\"><v>\(index)</v></c>"
        block += "<c r=\"B\(r)\" t=\"s\"><v>\(shared(pools[0][scramble.next(pools[0].count)]))</v></c>"
        block += "<c r=\"C\(r)\" t=\"s\"><v>\(shared(pools[1][scramble.next(pools[1].count)]))</v></c>"
        block += "<c r=\"D\(r)\"><v>\(Double(scramble.next(40000)) / 100)</v></c>"
        block += "<c r=\"E\(r)\"><v>\(1 + scramble.next(20))</v></c>"
        block += "<c r=\"F\(r)\" t=\"s\"><v>\(shared(pools[2][scramble.next(pools[2].count)]))</v></c>"
        block += "<c r=\"G\(r)\"><v>\(15 * scramble.next(13))</v></c>"
        block += "<c r=\"H\(r)\" t=\"s\"><v>\(shared(pools[3][scramble.next(pools[3].count)]))</v></c>"
        block += "<c r=\"I\(r)\"><v>\(Double(scramble.next(1_000_000_000)) / 1e6 + 0.000001)</v></c>"
        block += "<c r=\"J\(r)\" t=\"s\"><v>\(shared(pools[4][scramble.next(pools[4].count)]))</v></c>"
        block += "</row>"
        if index % 2000 == 0 {
            emit(block)
            block = ""
        }
    }
    emit(block + "</sheetData></worksheet>")
    fflush(output)

    var sst = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
        + "<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
        + "count=\"\(rowCount * 5 + 5)\" uniqueCount=\"\(strings.count)\">"
    for text in strings { sst += "<si><t>\(xmlEscaped(text))</t></si>" }
    sst += "</sst>"

    let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    let rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    let office = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    let partial = path + ".partial"
    let zip = try ZipWriter(path: partial)
    try zip.add("[Content_Types].xml", text: """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/>\
        <Override PartName="/xl/workbook.xml" ContentType="\(office).sheet.main+xml"/>\
        <Override PartName="/xl/worksheets/sheet1.xml" ContentType="\(office).worksheet+xml"/>\
        <Override PartName="/xl/styles.xml" ContentType="\(office).styles+xml"/>\
        <Override PartName="/xl/sharedStrings.xml" ContentType="\(office).sharedStrings+xml"/></Types>
        """)
    try zip.add("_rels/.rels", text: """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" Type="\(rel)/officeDocument" Target="xl/workbook.xml"/></Relationships>
        """)
    try zip.add("xl/workbook.xml", text: """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <workbook xmlns="\(main)" xmlns:r="\(rel)"><sheets>\
        <sheet name="Exercises" sheetId="1" r:id="rId1"/></sheets></workbook>
        """)
    try zip.add("xl/_rels/workbook.xml.rels", text: """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" Type="\(rel)/worksheet" Target="worksheets/sheet1.xml"/>\
        <Relationship Id="rId2" Type="\(rel)/styles" Target="styles.xml"/>\
        <Relationship Id="rId3" Type="\(rel)/sharedStrings" Target="sharedStrings.xml"/></Relationships>
        """)
    try zip.add("xl/styles.xml", text: """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <styleSheet xmlns="\(main)"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>\
        <fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
        <borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
        <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
        <cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>\
        <cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>
        """)
    try zip.add("xl/sharedStrings.xml", text: sst)
    try zip.addFile(sheetPart, contentsOf: sheetFile)
    try zip.close()
    try? FileManager.default.removeItem(atPath: sheetFile)
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.moveItem(atPath: partial, toPath: path)
}

// MARK: Peers

struct PeerResult: Decodable {
    let best: Double
    let cells: Int
}

func runProcess(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments) failed"])
    }
    return String(decoding: data, as: UTF8.self)
}

func peer(_ tool: String, _ path: String, repeat runs: Int) -> PeerResult? {
    let script = repositoryRoot.appendingPathComponent("bench/peers.py").path
    guard let output = try? runProcess("/usr/bin/env", ["python3", script, tool, path, String(runs)]),
          let line = output.split(separator: "\n").last else { return nil }
    return try? JSONDecoder().decode(PeerResult.self, from: Data(line.utf8))
}

// MARK: Main

func childRead(_ path: String) throws {
    let tally = try readEveryCell(path)
    print("cells=\(tally.cells) peak_kb=\(peakResidentKilobytes())")
}

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
    func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }
    if let calamine {
        let ratio = traindb / calamine.best
        print(String(format: "traindb / calamine      %.2f   (target ≤ 0.40: %@)", ratio, verdict(ratio <= 0.4)))
    }
    let floorRatio = traindb / inflate
    print(String(format: "traindb / inflate floor %.2f   (target ≤ 2.50: %@)", floorRatio, verdict(floorRatio <= 2.5)))
    let peakMB = Double(peakKB) / 1024
    print(String(format: "traindb peak memory     %.1f MB (target ≤ 40 MB: %@)", peakMB, verdict(peakMB <= 40)))
}

func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
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
