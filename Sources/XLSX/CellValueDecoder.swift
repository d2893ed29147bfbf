/// Types the text of one worksheet cell by its `t` attribute and its style: shared-string
/// indexes become the strings, numbers become numbers, dates or durations by their number
/// format, and so on. Part of the hot path: numbers are parsed from bytes, and a `String` is
/// made only for text a cell keeps.
struct CellValueDecoder {
    /// The cell's `t` attribute.
    enum CellType {
        case number, sharedString, inlineString, formulaString, boolean, error, isoDate, unknown

        /// The type a `t` attribute value names; anything unknown is kept as text.
        @inline(__always)
        init(_ value: UnsafeBufferPointer<UInt8>) {
            guard let first = value.first, let base = value.baseAddress else {
                self = .number
                return
            }
            switch (first, value.count) {
            case (UInt8(ascii: "s"), 1): self = .sharedString
            case (UInt8(ascii: "n"), 1): self = .number
            case (UInt8(ascii: "b"), 1): self = .boolean
            case (UInt8(ascii: "e"), 1): self = .error
            case (UInt8(ascii: "d"), 1): self = .isoDate
            case (UInt8(ascii: "s"), 3) where XMLName(base: base, count: 3).is("str"): self = .formulaString
            case (UInt8(ascii: "i"), 9) where XMLName(base: base, count: 9).is("inlineStr"): self = .inlineString
            default: self = .unknown
            }
        }
    }

    /// The worksheet part.
    let part: String
    /// The part's name as messages show it (cut when absurdly long).
    let shownPart: String
    /// Keeps the buffers `sharedStrings` and `styleKinds` point into alive.
    private let tables: WorkbookTables
    private let sharedStrings: SharedStrings
    private let styleKinds: UnsafeBufferPointer<NumberFormatKind>
    private let usesDate1904: Bool

    init(part: String, tables: WorkbookTables) {
        self.part = part
        shownPart = XLSXError.shown(part)
        self.tables = tables
        sharedStrings = tables.sharedStrings
        styleKinds = tables.styleKinds
        usesDate1904 = tables.usesDate1904
    }

    /// The typed value of a cell whose collected text is `text`, or nil when it holds nothing.
    @inline(__always)
    func value(
        of text: ByteBuffer, type: CellType, style: Int, at cell: CellReference
    ) throws(XLSXError) -> CellValue? {
        switch type {
        case .sharedString:
            return try sharedStringIndex(of: text, at: cell).map { .text(sharedStrings[$0]) }
        case .number:
            if text.isEmpty { return nil }
            guard let number = DecimalParsing.double(text) else {
                throw XLSXError(.badNumber,
                    "\(shownPart): cell \(cell.a1) holds \(XLSXError.quoted(text.bytes)), which is not a number",
                    part: part, cell: cell)
            }
            guard number.isFinite else {
                throw XLSXError(.numberOutOfRange,
                    "\(shownPart): cell \(cell.a1) holds \(XLSXError.quoted(text.bytes)), "
                    + "which is beyond the largest number a spreadsheet holds (about 1.8E+308)",
                    part: part, cell: cell)
            }
            let kind = style < styleKinds.count ? styleKinds[style] : .number
            switch kind {
            case .number: return .number(number)
            case .duration: return .duration(serial: number)
            case .date, .time: return dateOrNumber(number, kind: kind)
            }
        case .formulaString, .inlineString, .unknown:
            return .text(ExcelTextEscape.decode(text.bytes))
        case .boolean:
            if text.isEmpty { return nil }
            // Excel writes 0 or 1: read those without making a string.
            if text.bytes.count == 1, let byte = text.bytes.first,
                byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1")
            {
                return .boolean(byte == UInt8(ascii: "1"))
            }
            switch String(decoding: text.bytes, as: UTF8.self).trimmed().lowercased() {
            case "1", "true": return .boolean(true)
            case "0", "false": return .boolean(false)
            default:
                throw XLSXError(.badBoolean,
                    "\(shownPart): cell \(cell.a1) holds \(XLSXError.quoted(text.bytes)), "
                    + "which is not a boolean (0 or 1)", part: part, cell: cell)
            }
        case .error:
            if text.isEmpty { return nil }
            return .error(String(decoding: text.bytes, as: UTF8.self).trimmed())
        case .isoDate:
            if text.isEmpty { return nil }
            let written = String(decoding: text.bytes, as: UTF8.self).trimmed()
            guard let serial = ExcelSerialDate.serial(iso8601: written), ExcelSerialDate.serials.contains(serial) else {
                return .text(written)
            }
            return .date(serial: serial)
        }
    }

    /// The index a shared-string cell's text names, or nil when it holds nothing.
    @inline(__always)
    func sharedStringIndex(of text: ByteBuffer, at cell: CellReference) throws(XLSXError) -> Int? {
        if text.isEmpty { return nil }
        guard let index = DecimalParsing.integer(text.bytes), index < sharedStrings.count else {
            throw XLSXError(.badSharedStringIndex,
                "\(shownPart): cell \(cell.a1) refers to shared string \(XLSXError.quoted(text.bytes)), "
                + "but the workbook has \(sharedStrings.count) shared strings", part: part, cell: cell)
        }
        return index
    }

    /// A number under a date or time format, as a 1900-system serial; a number Excel cannot
    /// show as a date (below 0, after 9999-12-31) stays a number.
    private func dateOrNumber(_ number: Double, kind: NumberFormatKind) -> CellValue {
        guard number >= 0 else { return .number(number) }
        // 1904 serials count from 1904-01-01 (1462 in the 1900 system), dates from 0 on; a
        // time-only format's time of day (< 1) means the same in both systems.
        let shifts = usesDate1904 && (kind == .date || number >= 1)
        let serial = shifts ? number + ExcelSerialDate.offset1904 : number
        return ExcelSerialDate.serials.contains(serial) ? .date(serial: serial) : .number(number)
    }
}
