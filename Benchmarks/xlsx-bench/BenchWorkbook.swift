import Foundation
import XLSX
import XLSXTestSupport

/// The benchmark workbook: 200,000 data rows under a header row, 10 columns.
let rowCount = 200_000
let columnCount = 10
let sheetPart = "xl/worksheets/sheet1.xml"

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
        // Cells in column order: each draw from `scramble` happens in the same order as ever, so
        // the cached workbook stays the same.
        func number(_ column: String, _ value: some CustomStringConvertible) {
            block += "<c r=\"\(column)\(r)\"><v>\(value)</v></c>"
        }
        func text(_ column: String, pool: Int) {
            let stringIndex = shared(pools[pool][scramble.next(pools[pool].count)])
            block += "<c r=\"\(column)\(r)\" t=\"s\"><v>\(stringIndex)</v></c>"
        }
        number("A", index)
        text("B", pool: 0)
        text("C", pool: 1)
        number("D", Double(scramble.next(40000)) / 100)
        number("E", 1 + scramble.next(20))
        text("F", pool: 2)
        number("G", 15 * scramble.next(13))
        text("H", pool: 3)
        number("I", Double(scramble.next(1_000_000_000)) / 1e6 + 0.000001)
        text("J", pool: 4)
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
        <fills count="2"><fill><patternFill patternType="none"/></fill>\
        <fill><patternFill patternType="gray125"/></fill></fills>\
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
