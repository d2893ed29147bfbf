import XLSX

/// The XML of each part `WorkbookWriter` writes.
extension WorkbookWriter {
    static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    static let relationshipNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"

    static let packageRelationshipsXML =
        declaration
        + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
        + "<Relationship Id=\"rId1\" Type=\"\(relationshipNamespace)/officeDocument\" Target=\"xl/workbook.xml\"/>"
        + "</Relationships>"

    static let stylesXML =
        declaration
        + "<styleSheet xmlns=\"\(mainNamespace)\">"
        + "<numFmts count=\"3\">"
        + "<numFmt numFmtId=\"164\" formatCode=\"yyyy\\-mm\\-dd\"/>"
        + "<numFmt numFmtId=\"165\" formatCode=\"yyyy\\-mm\\-dd\\ hh:mm:ss\"/>"
        + "<numFmt numFmtId=\"166\" formatCode=\"hh:mm:ss\"/>"
        + "</numFmts>"
        + "<fonts count=\"1\"><font><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font></fonts>"
        + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill>"
        + "<fill><patternFill patternType=\"gray125\"/></fill></fills>"
        + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
        + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
        + "<cellXfs count=\"5\">"
        + "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
        + "<xf numFmtId=\"164\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\"/>"
        + "<xf numFmtId=\"165\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\"/>"
        + "<xf numFmtId=\"166\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\"/>"
        + "<xf numFmtId=\"46\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\"/>"
        + "</cellXfs>"
        + "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
        + "</styleSheet>"

    func contentTypesXML(hasSharedStrings: Bool) -> String {
        let office = "application/vnd.openxmlformats-officedocument.spreadsheetml"
        var xml =
            Self.declaration
            + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
            + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
            + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
            + "<Override PartName=\"/xl/workbook.xml\" ContentType=\"\(office).sheet.main+xml\"/>"
            + "<Override PartName=\"/xl/styles.xml\" ContentType=\"\(office).styles+xml\"/>"
        if hasSharedStrings {
            xml += "<Override PartName=\"/xl/sharedStrings.xml\" ContentType=\"\(office).sharedStrings+xml\"/>"
        }
        for index in sheets.indices {
            xml +=
                "<Override PartName=\"/xl/worksheets/sheet\(index + 1).xml\" ContentType=\"\(office).worksheet+xml\"/>"
        }
        return xml + "</Types>"
    }

    func workbookXML() -> String {
        let activeTab = sheets.firstIndex { $0.state == .visible } ?? 0
        var xml =
            Self.declaration
            + "<workbook xmlns=\"\(Self.mainNamespace)\" xmlns:r=\"\(Self.relationshipNamespace)\">"
            + "<bookViews><workbookView activeTab=\"\(activeTab)\" firstSheet=\"\(activeTab)\"/></bookViews><sheets>"
        for (index, sheet) in sheets.enumerated() {
            let state = sheet.state == .visible ? "" : " state=\"\(sheet.state.rawValue)\""
            xml +=
                "<sheet name=\"\(Self.escaped(sheet.name, attribute: true))\" sheetId=\"\(index + 1)\"\(state) "
                + "r:id=\"rId\(index + 1)\"/>"
        }
        return xml + "</sheets></workbook>"
    }

    func workbookRelationshipsXML(hasSharedStrings: Bool) -> String {
        var xml =
            Self.declaration
            + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
        for index in sheets.indices {
            xml +=
                "<Relationship Id=\"rId\(index + 1)\" Type=\"\(Self.relationshipNamespace)/worksheet\" "
                + "Target=\"worksheets/sheet\(index + 1).xml\"/>"
        }
        xml +=
            "<Relationship Id=\"rId\(sheets.count + 1)\" Type=\"\(Self.relationshipNamespace)/styles\" "
            + "Target=\"styles.xml\"/>"
        if hasSharedStrings {
            xml +=
                "<Relationship Id=\"rId\(sheets.count + 2)\" Type=\"\(Self.relationshipNamespace)/sharedStrings\" "
                + "Target=\"sharedStrings.xml\"/>"
        }
        return xml + "</Relationships>"
    }

    func worksheetXML(_ sheet: Sheet, sharedStrings: inout SharedStringTable) throws -> String {
        guard sheet.rows.count <= CellReference.maxRow else {
            throw XLSXError(
                .invalidCell,
                "sheet \"\(sheet.name)\" has \(sheet.rows.count) rows; Excel allows \(CellReference.maxRow)")
        }
        var body = ""
        var lastRow = 0
        var lastColumn = 0
        for (rowIndex, row) in sheet.rows.enumerated() where row.contains(where: { $0 != nil }) {
            guard row.count <= CellReference.maxColumn else {
                throw XLSXError(
                    .invalidCell,
                    "row \(rowIndex + 1) of sheet \"\(sheet.name)\" has \(row.count) columns; "
                        + "Excel allows \(CellReference.maxColumn)")
            }
            let number = rowIndex + 1
            lastRow = number
            body += "<row r=\"\(number)\">"
            for (columnIndex, value) in row.enumerated() {
                guard let value else { continue }
                let reference = CellReference(row: number, column: columnIndex + 1)
                lastColumn = max(lastColumn, columnIndex + 1)
                body += try Self.cellXML(
                    value, at: reference, sheet: sheet.name, sharedStrings: &sharedStrings, inline: inlineText)
            }
            body += "</row>"
        }
        let dimension = lastRow == 0 ? "A1" : "A1:" + CellReference(row: lastRow, column: max(lastColumn, 1)).a1
        return Self.declaration
            + "<worksheet xmlns=\"\(Self.mainNamespace)\" xmlns:r=\"\(Self.relationshipNamespace)\">"
            + "<dimension ref=\"\(dimension)\"/>"
            + (body.isEmpty ? "<sheetData/>" : "<sheetData>" + body + "</sheetData>")
            + "</worksheet>"
    }

    /// A cell's XML; its text as an inline string when `inline`, else in `sharedStrings`.
    static func cellXML(
        _ value: CellValue, at reference: CellReference, sheet: String, sharedStrings: inout SharedStringTable,
        inline: Bool = false
    ) throws -> String {
        let r = reference.a1
        func number(_ value: Double) throws -> String {
            guard value.isFinite else {
                throw XLSXError(
                    .invalidCell, "cell \(r) of sheet \"\(sheet)\" holds \(value), which Excel cannot store")
            }
            return CellValue.numberText(value)
        }
        switch value {
        case .text(let text):
            guard text.utf16.count <= 32_767 else {
                throw XLSXError(
                    .invalidCell,
                    "cell \(r) of sheet \"\(sheet)\" holds \(text.utf16.count) characters; Excel allows 32,767")
            }
            if inline {
                return "<c r=\"\(r)\" t=\"inlineStr\"><is><t xml:space=\"preserve\">"
                    + "\(escaped(text, attribute: false))</t></is></c>"
            }
            return "<c r=\"\(r)\" t=\"s\"><v>\(sharedStrings.index(of: text))</v></c>"
        case .number(let value):
            return "<c r=\"\(r)\"><v>\(try number(value))</v></c>"
        case .boolean(let value):
            return "<c r=\"\(r)\" t=\"b\"><v>\(value ? 1 : 0)</v></c>"
        case .error(let code):
            guard code.hasPrefix("#") else {
                throw XLSXError(
                    .invalidCell, "cell \(r) of sheet \"\(sheet)\": \"\(code)\" is not an error code like #N/A")
            }
            return "<c r=\"\(r)\" t=\"e\"><v>\(escaped(code, attribute: false))</v></c>"
        case .date(let serial):
            let style: Style = serial < 1 ? .time : (serial == serial.rounded(.down) ? .date : .dateTime)
            return "<c r=\"\(r)\" s=\"\(style.rawValue)\"><v>\(try number(serial))</v></c>"
        case .duration(let serial):
            return "<c r=\"\(r)\" s=\"\(Style.duration.rawValue)\"><v>\(try number(serial))</v></c>"
        }
    }

    /// `text` escaped for XML content or a double-quoted attribute, with `_xHHHH_` escapes
    /// for characters XML cannot hold.
    static func escaped(_ text: String, attribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in ExcelTextEscape.encode(text).unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\n" where attribute: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where attribute: result += "&#9;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
