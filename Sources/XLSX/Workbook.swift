/// An `.xlsx` workbook opened for streaming reads, from a file or from bytes in memory.
///
/// Opening reads only the package structure (relationships, `workbook.xml`); the shared
/// strings and styles are loaded when the first cursor is made. Not thread-safe: use a
/// workbook and its cursors from one thread at a time.
public final class Workbook {
    /// The path the workbook was opened from; nil for one opened from bytes.
    public let path: String?
    /// The sheets in `workbook.xml` order (the tab order), each name once.
    public let sheets: [SheetInfo]
    /// Entries of `workbook.xml` that repeat an earlier sheet's name (ignoring case and
    /// surrounding white space, as Excel compares sheet names). Excel refuses such a workbook;
    /// the reader lists them here, out of `sheets`, so a name always means the first sheet.
    public let duplicateSheets: [SheetInfo]
    /// Whether the workbook uses the 1904 date system. Dates are reported in 1900-system
    /// serials either way.
    public let usesDate1904: Bool

    let archive: ZipArchive
    private let sharedStringsPart: String?
    private let stylesPart: String?
    private var tables: WorkbookTables?

    /// Opens the workbook file at `path`.
    public convenience init(path: String, limits: WorkbookLimits = .default) throws {
        try self.init(archive: ZipArchive(path: path, limits: limits))
    }

    /// Opens a workbook held in memory (`Data`, `[UInt8]`, any bytes), with the same checks and
    /// errors as a file. The bytes are copied once; the workbook keeps its copy.
    public convenience init(bytes: some Sequence<UInt8>, limits: WorkbookLimits = .default) throws {
        try self.init(archive: ZipArchive(bytes: bytes, limits: limits))
    }

    private init(archive: ZipArchive) throws {
        self.archive = archive
        path = archive.path

        let packageRelationships = try archive.relationships(of: "", required: true)
        guard let document = packageRelationships.first(where: { $0.isType("officeDocument") && !$0.isExternal })
        else {
            throw XLSXError(
                .noWorkbook,
                "\(PartPath.rootRelationships) has no officeDocument relationship, so there is no workbook part",
                part: PartPath.rootRelationships)
        }
        let workbookPart = document.target
        guard archive.entry(named: workbookPart) != nil else {
            throw XLSXError(
                .missingPart,
                "the workbook part \(XLSXError.shown(workbookPart)), named in \(PartPath.rootRelationships), "
                    + "is missing",
                part: workbookPart)
        }

        let relationships = try archive.relationships(of: workbookPart, required: true)
        let workbookContent = WorkbookPartParser()
        try archive.parseXML(part: workbookPart, into: workbookContent)

        let relationshipsPart = PartPath.relationships(of: workbookPart)
        var targets: [String: String] = [:]
        for relationship in relationships where !relationship.isExternal && targets[relationship.id] == nil {
            targets[relationship.id] = relationship.target
        }
        let listed = try workbookContent.sheets.map { sheet in
            guard let id = sheet.relationshipID, let target = targets[id] else {
                throw XLSXError(
                    .missingRelationship,
                    "sheet \(XLSXError.quoted(sheet.name)) in \(XLSXError.shown(workbookPart)) refers to relationship "
                        + "\(sheet.relationshipID.map(XLSXError.quoted) ?? "(none)"), "
                        + "which \(XLSXError.shown(relationshipsPart)) does not define",
                    part: relationshipsPart)
            }
            return SheetInfo(name: sheet.name, state: sheet.state, partPath: target)
        }
        var seen: Set<String> = []
        var sheets: [SheetInfo] = []
        var duplicates: [SheetInfo] = []
        for sheet in listed {
            if seen.insert(sheet.name.trimmed().lowercased()).inserted {
                sheets.append(sheet)
            } else {
                duplicates.append(sheet)
            }
        }
        self.sheets = sheets
        duplicateSheets = duplicates
        usesDate1904 = workbookContent.usesDate1904
        sharedStringsPart = relationships.first { $0.isType("sharedStrings") && !$0.isExternal }?.target
        stylesPart = relationships.first { $0.isType("styles") && !$0.isExternal }?.target
    }

    /// The sheet whose name matches `name`, ignoring case and surrounding white space.
    public func sheet(named name: String) -> SheetInfo? {
        let wanted = name.trimmed().lowercased()
        return sheets.first { $0.name.trimmed().lowercased() == wanted }
    }

    /// A cursor streaming the rows of `sheet`.
    public func cursor(for sheet: SheetInfo) throws -> SheetCursor {
        try cursor(for: sheet, sharedStringsByIndex: false)
    }

    /// A cursor streaming the rows of `sheet`; with `sharedStringsByIndex`, a shared-string
    /// cell holds its index in `sharedStrings()` (`Cell.sharedStringIndex`) and empty text: a
    /// reader that writes each shared string once (the dump) makes no string per cell.
    ///
    /// `inflatingAhead` chooses whether a background thread inflates the part (by default, when
    /// it is larger than `SheetCursor.inflateAheadSize`).
    package func cursor(
        for sheet: SheetInfo, sharedStringsByIndex: Bool, inflatingAhead: Bool? = nil
    ) throws -> SheetCursor {
        let content = SheetParser(
            part: sheet.partPath, tables: try loadTables(), sharedStringsByIndex: sharedStringsByIndex)
        return try SheetCursor(sheet: sheet, archive: archive, content: content, inflatingAhead: inflatingAhead)
    }

    /// A cursor streaming the rows of `sheet` in batches (`SheetCursor.nextBatch(rows:)`), as
    /// `traindb xlsx dump` renders them: shared strings by index, text as bytes. With
    /// `markingPlainText`, each text cell says whether it is plain (`CellBatch.Cell.isPlainText`),
    /// found as the sheet is parsed. `chunksAhead`: how many inflated chunks the inflating
    /// thread may hold ready (`SheetCursor.init`).
    package func batchCursor(
        for sheet: SheetInfo, inflatingAhead: Bool? = nil, markingPlainText: Bool = false, chunksAhead: Int? = nil
    ) throws -> SheetCursor {
        let content = SheetParser(
            part: sheet.partPath, tables: try loadTables(), batching: true, marksPlainText: markingPlainText)
        return try SheetCursor(
            sheet: sheet, archive: archive, content: content, inflatingAhead: inflatingAhead, chunksAhead: chunksAhead)
    }

    /// The workbook's shared strings, in the order cells refer to them.
    package func sharedStrings() throws -> SharedStrings {
        try loadTables().sharedStrings
    }

    /// Loads the shared strings and the style table once. A part named by a relationship but
    /// absent from the zip is tolerated (no strings, no date styles), as Excel does.
    private func loadTables() throws -> WorkbookTables {
        if let tables { return tables }
        var sharedStrings = SharedStrings()
        if let part = sharedStringsPart, let entry = archive.entry(named: part) {
            let parser = SharedStringsParser(partSize: Int(clamping: entry.uncompressedSize))
            try archive.parseXML(part: part, into: parser)
            sharedStrings = parser.strings
        }
        var styleKinds: [NumberFormatKind] = []
        if let part = stylesPart, archive.entry(named: part) != nil {
            let parser = StylesParser()
            try archive.parseXML(part: part, into: parser)
            styleKinds = parser.styleKinds
        }
        let loaded = WorkbookTables(sharedStrings: sharedStrings, styleKinds: styleKinds, usesDate1904: usesDate1904)
        tables = loaded
        return loaded
    }
}
