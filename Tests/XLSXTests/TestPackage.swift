import Foundation
import Testing
@testable import XLSX
import XLSXTestSupport

/// A hand-made `.xlsx` package: a minimal set of parts that each test bends (prefixes,
/// namespaces, odd targets, missing parts, hostile XML), written with `ZipWriter`.
struct TestPackage {
    static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let packageRelationships = "http://schemas.openxmlformats.org/package/2006/relationships"
    static let strictMain = "http://purl.oclc.org/ooxml/spreadsheetml/main"
    static let strictRelationships = "http://purl.oclc.org/ooxml/officeDocument/relationships"

    /// Entry name → content, written in insertion order.
    var parts: [(name: String, content: String)]

    subscript(name: String) -> String? {
        get { parts.first { $0.name == name }?.content }
        set {
            parts.removeAll { $0.name == name }
            if let newValue { parts.append((name, newValue)) }
        }
    }

    /// One visible sheet "Sheet1" whose `<sheetData>` holds `sheetData`, with shared strings
    /// and a style table (`cellXfs` entries given as number-format ids).
    static func singleSheet(
        _ sheetData: String,
        sharedStrings: [String] = [],
        sharedStringsXML: String? = nil,
        numberFormats: [(id: Int, code: String)] = [],
        cellFormats: [Int] = [0],
        date1904: Bool = false
    ) -> TestPackage {
        var package = TestPackage(parts: [
            ("[Content_Types].xml", contentTypes),
            ("_rels/.rels", rootRelationships(target: "xl/workbook.xml")),
            ("xl/workbook.xml", workbook(sheets: [("Sheet1", "rId1", nil)], date1904: date1904)),
            ("xl/_rels/workbook.xml.rels", workbookRelationships([
                ("rId1", "worksheet", "worksheets/sheet1.xml"),
                ("rId2", "sharedStrings", "sharedStrings.xml"),
                ("rId3", "styles", "styles.xml"),
            ])),
            ("xl/worksheets/sheet1.xml", worksheet(sheetData)),
            ("xl/styles.xml", styles(numberFormats: numberFormats, cellFormats: cellFormats)),
        ])
        package["xl/sharedStrings.xml"] = sharedStringsXML ?? Self.sharedStrings(sharedStrings)
        return package
    }

    static let contentTypes = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/></Types>
        """

    static func rootRelationships(target: String, type: String = relationships + "/officeDocument") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Relationships xmlns="\(packageRelationships)">\
        <Relationship Id="rId1" Type="\(type)" Target="\(target)"/></Relationships>
        """
    }

    static func workbook(sheets: [(name: String, id: String, state: String?)], date1904: Bool = false) -> String {
        let sheetElements = sheets.enumerated().map { index, sheet in
            let state = sheet.state.map { " state=\"\($0)\"" } ?? ""
            return "<sheet name=\"\(sheet.name)\" sheetId=\"\(index + 1)\"\(state) r:id=\"\(sheet.id)\"/>"
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <workbook xmlns="\(main)" xmlns:r="\(relationships)">\
            \(date1904 ? "<workbookPr date1904=\"1\"/>" : "<workbookPr/>")<sheets>\(sheetElements)</sheets></workbook>
            """
    }

    static func workbookRelationships(_ entries: [(id: String, kind: String, target: String)],
                                      namespace: String = relationships) -> String {
        let elements = entries.map {
            "<Relationship Id=\"\($0.id)\" Type=\"\(namespace)/\($0.kind)\" Target=\"\($0.target)\"/>"
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Relationships xmlns="\(packageRelationships)">\(elements)</Relationships>
            """
    }

    static func worksheet(_ sheetData: String, before: String = "<dimension ref=\"A1\"/>") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <worksheet xmlns="\(main)" xmlns:r="\(relationships)">\(before)<sheetData>\(sheetData)</sheetData></worksheet>
        """
    }

    static func sharedStrings(_ strings: [String]) -> String {
        let items = strings.map { "<si><t xml:space=\"preserve\">\($0)</t></si>" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <sst xmlns="\(main)" count="\(strings.count)" uniqueCount="\(strings.count)">\(items)</sst>
            """
    }

    static func styles(numberFormats: [(id: Int, code: String)], cellFormats: [Int]) -> String {
        let formats = numberFormats.map { "<numFmt numFmtId=\"\($0.id)\" formatCode=\"\($0.code)\"/>" }.joined()
        let xfs = cellFormats.map { "<xf numFmtId=\"\($0)\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/>" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <styleSheet xmlns="\(main)"><numFmts count="\(numberFormats.count)">\(formats)</numFmts>\
            <cellStyleXfs count="1"><xf numFmtId="22"/></cellStyleXfs>\
            <cellXfs count="\(cellFormats.count)">\(xfs)</cellXfs></styleSheet>
            """
    }

    /// The package as zip bytes.
    func zipBytes() throws -> [UInt8] {
        let zip = try ZipWriter()
        for part in parts { try zip.add(part.name, text: part.content) }
        return try zip.finishData()
    }

    /// Writes the package to a fresh temporary file and returns its path.
    func write() throws -> String {
        try TestFiles.write(try zipBytes(), named: "package.xlsx")
    }
}

/// Temporary files for tests, in one directory per test process.
enum TestFiles {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("traindb-xlsx-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A path that does not exist yet, ending in `name`.
    static func path(_ name: String) -> String {
        directory.appendingPathComponent(UUID().uuidString + "-" + name).path
    }

    static func write(_ bytes: [UInt8], named name: String) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func fixture(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
                               "missing fixture \(name)")
        return url.path
    }
}

/// The `XLSXError` `body` throws, or nil (recording an issue) when it throws nothing or
/// something else.
func xlsxError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> XLSXError? {
    do {
        try body()
        Issue.record("expected an XLSXError, but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as XLSXError {
        return error
    } catch {
        Issue.record("expected an XLSXError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Every row of a sheet (the first one by default).
func readRows(_ path: String, sheet: String? = nil, limits: WorkbookLimits = .default) throws -> [Row] {
    let workbook = try Workbook(path: path, limits: limits)
    let info = try #require(sheet.map { workbook.sheet(named: $0) } ?? workbook.sheets.first)
    let cursor = try workbook.cursor(for: info)
    var rows: [Row] = []
    while let row = try cursor.next() { rows.append(row) }
    return rows
}

/// The non-blank cells of a sheet, by A1 reference.
func readCells(_ path: String, sheet: String? = nil) throws -> [String: CellValue] {
    var cells: [String: CellValue] = [:]
    for row in try readRows(path, sheet: sheet) {
        for cell in row.cells { cells[cell.reference.a1] = cell.value }
    }
    return cells
}

/// Cells of a one-sheet package built from `sheetData`.
func readCells(sheetData: String, sharedStrings: [String] = []) throws -> [String: CellValue] {
    try readCells(TestPackage.singleSheet(sheetData, sharedStrings: sharedStrings).write())
}
