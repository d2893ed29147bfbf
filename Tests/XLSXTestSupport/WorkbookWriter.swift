import XLSX

/// Writes a small, valid `.xlsx` from values: text as shared strings, booleans, errors,
/// numbers, and dates, times and durations with matching number formats. Used by tests and
/// tooling; the output opens in Excel, LibreOffice and openpyxl, and the same sheets always
/// give the same bytes.
public struct WorkbookWriter: Sendable {
    public struct Sheet: Sendable, Hashable {
        public var name: String
        public var state: SheetState
        /// `rows[0]` is row 1 and `rows[r][0]` column A; nil is a blank cell.
        public var rows: [[CellValue?]]

        public init(name: String, state: SheetState = .visible, rows: [[CellValue?]]) {
            self.name = name
            self.state = state
            self.rows = rows
        }
    }

    public var sheets: [Sheet]
    /// Text written in its cells (`t="inlineStr"`), as some programs write it, rather than as
    /// shared strings, as Excel does.
    public var inlineText: Bool

    public init(sheets: [Sheet], inlineText: Bool = false) {
        self.sheets = sheets
        self.inlineText = inlineText
    }

    /// Writes the workbook to `path`, replacing any file there.
    public func write(to path: String) throws {
        let parts = try self.parts()
        let zip = try ZipWriter(path: path)
        for (name, text) in parts { try zip.add(name, text: text) }
        try zip.close()
    }

    /// Writes the workbook to `path` with the text of each part named in `edits` (e.g.
    /// `xl/workbook.xml`) passed through its edit first: a workbook no spreadsheet program would
    /// write, for the checks.
    public func write(to path: String, editing edits: [String: (String) -> String]) throws {
        let zip = try ZipWriter(path: path)
        for (name, text) in try parts() { try zip.add(name, text: edits[name]?(text) ?? text) }
        try zip.close()
    }

    /// The workbook's bytes.
    public func data() throws -> [UInt8] {
        let parts = try self.parts()
        let zip = try ZipWriter()
        for (name, text) in parts { try zip.add(name, text: text) }
        return try zip.finishData()
    }

    /// Cell style indexes in the `cellXfs` table written by `stylesXML`.
    enum Style: Int {
        case general = 0, date = 1, dateTime = 2, time = 3, duration = 4
    }

    /// Every part, in the order they go into the zip.
    func parts() throws -> [(String, String)] {
        try validate()
        var sharedStrings = SharedStringTable()
        var sheetXML: [String] = []
        for sheet in sheets {
            sheetXML.append(try worksheetXML(sheet, sharedStrings: &sharedStrings))
        }
        var parts: [(String, String)] = [
            ("[Content_Types].xml", contentTypesXML(hasSharedStrings: !sharedStrings.strings.isEmpty)),
            ("_rels/.rels", Self.packageRelationshipsXML),
            ("xl/workbook.xml", workbookXML()),
            ("xl/_rels/workbook.xml.rels", workbookRelationshipsXML(hasSharedStrings: !sharedStrings.strings.isEmpty)),
            ("xl/styles.xml", Self.stylesXML),
        ]
        if !sharedStrings.strings.isEmpty {
            parts.append(("xl/sharedStrings.xml", sharedStrings.xml))
        }
        for (index, xml) in sheetXML.enumerated() {
            parts.append(("xl/worksheets/sheet\(index + 1).xml", xml))
        }
        return parts
    }

    private func validate() throws {
        guard !sheets.isEmpty else {
            throw XLSXError(.noSheets, "a workbook needs at least one sheet")
        }
        guard sheets.contains(where: { $0.state == .visible }) else {
            throw XLSXError(.noVisibleSheet, "a workbook needs at least one visible sheet")
        }
        var seen: Set<String> = []
        for sheet in sheets {
            let name = sheet.name
            let forbidden: Set<Character> = [":", "\\", "/", "?", "*", "[", "]"]
            if name.isEmpty || name.utf16.count > 31 || name.contains(where: forbidden.contains)
                || name.hasPrefix("'") || name.hasSuffix("'")
            {
                throw XLSXError(
                    .invalidSheetName,
                    "sheet name \"\(name)\" is not allowed: it must be 1–31 characters, without : \\ / ? * [ ] "
                        + "and not start or end with an apostrophe")
            }
            guard seen.insert(name.lowercased()).inserted else {
                throw XLSXError(.invalidSheetName, "two sheets are named \"\(name)\" (names ignore case)")
            }
        }
    }
}
