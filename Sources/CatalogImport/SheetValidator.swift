import XLSX

/// Checks the rows of a data sheet against its column specs, one at a time: types, required
/// values, uniqueness and lookups. Sheet-specific rules run on the parsed records.
struct SheetValidator<Column: ContractColumn> {
    let table: SheetTable
    let specs: [ColumnSpec]
    /// The allowed values of each lookup the specs name (missing: not checked here; the
    /// schema check reports an unresolvable lookup).
    let lookups: [ColumnSpec.Lookup: LookupIndex]
    private let reader: FieldReader
    /// The specs of the columns the sheet has, with their column and the contract's column
    /// (nil for one only the sheet declares), found once rather than for every row.
    private let columns: [(spec: ColumnSpec, column: Int, contractColumn: Column?)]
    /// Per entry of `columns`, the row where each value (normalised) was first seen; only a
    /// unique column's is filled.
    private var firstSeen: [FirstRowIndex]
    /// The contract's columns the sheet has.
    private let sheetColumns: [(column: Column, index: Int)]
    /// Per entry of `columns`, the allowed values its lookup names (nil: none, or not checked
    /// here), found once rather than hashed for every cell. Unretained: `lookups` holds every
    /// one for as long as the validator lives. Held strongly, each was retained and released
    /// around the look-up of every lookup cell (half of the validator's retains a row).
    private let lookupIndexes: [Unmanaged<LookupIndex>?]
    /// Per entry of `columns`, what `validate` reads of its spec, without the spec's texts (a
    /// `ColumnSpec` copied for each cell retains three of them).
    private let plans: [Plan]
    /// Per entry of `columns`, the integers from 0 to 63 its lookup was found to hold (one bit
    /// each): a lookup's integers are a few levels or tiers, repeated on every row, and an
    /// index answers the same for the same value, so each is looked up (as its text) once.
    private var foundIntegers: [UInt64]
    /// The entries of `columns` whose values must be unique and are text, whose next values
    /// `startNextLookups` hashes ahead.
    private let uniqueText: [Int]
    /// Per entry of `columns`, the cell of `startedRows` whose uniqueness lookup
    /// `startNextLookups` started (-1: none), its hash, and how many of its normalised bytes
    /// `keptBytes` holds (-1: none kept).
    private var started: [(cell: Int, hash: UInt64, kept: Int)]
    /// Per entry of `columns`, `keptCapacity` bytes: the normalised value whose lookup was
    /// started, so that the lookup does not normalise it a second time.
    private let keptBytes: KeptBytes
    private static var keptCapacity: Int { 256 }
    private var startedRows: PackedRows?
    /// The values of the row read last, reused for the next row's once its caller is done with
    /// them (`ParsedRecord.init(…reusing:)`).
    private var spareValues: [FieldValue?] = []

    private struct Plan {
        let dataType: ColumnSpec.DataType
        let isRequired: Bool
        let isUnique: Bool
        let column: Int
        /// Where the parsed record keeps the value of the contract's column (nil: a column
        /// only the sheet declares).
        let slot: Int?
    }

    init(
        table: SheetTable, specs: [ColumnSpec], lookups: [ColumnSpec.Lookup: LookupIndex],
        spill: SpillSettings = SpillSettings(), fetchingAheadFrom: Int = FirstRowIndex.defaultFetchingAheadFrom
    ) {
        self.table = table
        self.specs = specs
        self.lookups = lookups
        reader = FieldReader(table: table)
        columns = specs.compactMap { spec in table.column(spec.name).map { (spec, $0, Column(rawValue: spec.name)) } }
        firstSeen = Array(
            repeating: FirstRowIndex(spill: spill, fetchingAheadFrom: fetchingAheadFrom), count: columns.count)
        lookupIndexes = columns.map { entry in entry.spec.lookup.flatMap { lookups[$0] }.map(Unmanaged.passUnretained) }
        // A contract column declared twice is read where it was declared last.
        var sheetColumns: [(column: Column, index: Int)] = []
        for (_, column, contractColumn) in columns {
            guard let contractColumn else { continue }
            sheetColumns.removeAll { $0.column == contractColumn }
            sheetColumns.append((contractColumn, column))
        }
        self.sheetColumns = sheetColumns
        foundIntegers = Array(repeating: 0, count: columns.count)
        let entries = columns
        uniqueText = entries.indices.filter { entries[$0].spec.isUnique && entries[$0].spec.dataType == .text }
        started = Array(repeating: (-1, 0, -1), count: columns.count)
        keptBytes = KeptBytes(count: columns.count * Self.keptCapacity)
        plans = columns.map { entry in
            Plan(
                dataType: entry.spec.dataType, isRequired: entry.spec.isRequired, isUnique: entry.spec.isUnique,
                column: entry.column,
                slot: entry.contractColumn.flatMap { column in sheetColumns.firstIndex { $0.column == column } })
        }
    }

    /// The problems found so far, in the order found.
    var problems: [Problem] { reader.problems }

    /// The row read, with the values of the contract's columns (a column only the sheet
    /// declares is checked too, but no rule reads it). Rows are checked in order, each once.
    /// Throws the `SpillFailure` of a uniqueness index whose temporary file failed it.
    mutating func validate(_ record: SheetTable.Record) throws -> ParsedRecord<Column> {
        let before = reader.errorCount
        let rows = record.rows
        // Unretained: `record` holds its rows for as long as this call.
        let packed = rows.map(Unmanaged.passUnretained)
        var parsed = ParsedRecord<Column>(
            number: record.number, columns: sheetColumns, rows: rows, reusing: &spareValues)
        defer { spareValues = parsed.reusableValues }
        // Every slot of `parsed` is set below, nil for a blank or reported value: each plan of
        // a contract column sets its slot, and every slot has one (`init(…reusing:)` leaves the
        // previous row's values there until then).
        for position in plans.indices {
            let plan = plans[position]
            let column = plan.column
            // The reader is read, never changed (its log is a reference): handed to the static
            // readers as it is. A method of `self` given `&reader` would copy the whole validator,
            // its sheet included, for every cell, so as not to overlap the two accesses.
            // Plain text of a packed row is read in place (`FieldReader.textField`), looked up
            // here with the row's packed rows at hand.
            let packedCell =
                plan.dataType == .text
                ? rows.flatMap { rows in
                    rows.cell(column: column, in: record.range).flatMap { rows.isPlainText($0) ? $0 : nil }
                } : nil
            guard let value = packedCell.map(FieldValue.packedText) ?? Self.read(plan.dataType, record, column, reader)
            else {
                if let slot = plan.slot { parsed.set(slot: slot, to: nil) }
                if plan.isRequired, table.value(record, column) == nil {
                    reader.report(
                        .error, .requiredMissing, record, column, value: nil,
                        message: "\(reader.name(column)) is required but empty")
                }
                continue
            }
            if plan.isUnique, let first = try firstRow(of: value, at: position, record.number, packed) {
                let text = value.resolved(in: rows).text
                let at = "\(table.sheet)!\(CellReference(row: Int(first), column: column).a1)"
                reader.report(
                    .error, .uniqueDuplicate, record, column, value: text,
                    message: "\(reader.name(column)) \(quoted: text ?? "") is already used at \(at)",
                    hint: "each \(reader.name(column)) must be unique, ignoring case and surrounding spaces")
            }
            if let index = lookupIndexes[position] {
                if case .integer(let number) = value, number >= 0, number < 64 {
                    let bit: UInt64 = 1 << number
                    if foundIntegers[position] & bit == 0,
                        Self.check(value, against: index.takeUnretainedValue(), record, column, reader)
                    {
                        foundIntegers[position] |= bit
                    }
                } else if case .packedText(let cell) = value, let packed {
                    // Read in place: a lookup sheet's plain values answer from the bytes.
                    if !Self.contains(cell, of: packed, in: index) {
                        let rows = packed.takeUnretainedValue()
                        _ = Self.check(rows.string(cell), against: index.takeUnretainedValue(), record, column, reader)
                    }
                } else if case .packedList(let cell) = value, let packed {
                    Self.check(list: cell, of: packed, against: index, record, column, reader)
                } else {
                    Self.check(value, against: index.takeUnretainedValue(), record, column, reader)
                }
            }
            if let slot = plan.slot { parsed.set(slot: slot, to: value) }
        }
        parsed.isValid = reader.errorCount == before
        startNextLookups(after: record)
        return parsed
    }

    /// Starts the uniqueness lookups of the row after `record` in its batch (its plain text
    /// values, as `validate` reads them), so that the slots they probe are in the cache by the
    /// time that row is checked: a million rows' tables outgrow the caches, and each lookup
    /// waited for its first slot. The rules of this row run meanwhile. The next row's cells
    /// start where this row's end, so a cell is found without its row's end; a lookup of any
    /// other cell (a row of values, another batch) hashes its value itself.
    private mutating func startNextLookups(after record: SheetTable.Record) {
        // A table that fits the caches is not fetched ahead (`FirstRowIndex.fetchesAhead`):
        // nothing is looked at while none is that large.
        guard uniqueText.contains(where: { firstSeen[$0].fetchesAhead }), let rows = record.rows else { return }
        let start = record.range.upperBound
        let next = start..<min(start + columns.count, rows.batch.cells.count)
        if startedRows !== rows { startedRows = rows }  // no retain and release for the batch's every row
        let keptBase = keptBytes.base
        for position in uniqueText {
            let kept = UnsafeMutableBufferPointer(
                start: keptBase + position * Self.keptCapacity, count: Self.keptCapacity)
            guard firstSeen[position].fetchesAhead, !next.isEmpty,
                let cell = rows.cell(column: columns[position].column, in: next),
                rows.isPlainText(cell),
                let lookup = rows.withUTF8(
                    cell, { firstSeen[position].startLookup(ofNormalisedUTF8: $0, keepingIn: kept) })
            else {
                started[position].cell = -1
                continue
            }
            started[position] = (cell, lookup.hash, lookup.kept ?? -1)
        }
    }

    /// Whether the plain text of cell `cell` of `rows` is one of `index`'s values, read in place;
    /// both held by others for the call (the record and the validator), so neither is retained.
    @inline(__always)
    private static func contains(
        _ cell: Int, of rows: Unmanaged<PackedRows>, in index: Unmanaged<LookupIndex>
    ) -> Bool {
        rows._withUnsafeGuaranteedRef { rows in
            index._withUnsafeGuaranteedRef { index in rows.withUTF8(cell) { index.contains(plain: $0) } }
        }
    }

    private static func read(
        _ dataType: ColumnSpec.DataType, _ record: SheetTable.Record, _ column: Int, _ reader: FieldReader
    ) -> FieldValue? {
        switch dataType {
        case .text: reader.textField(record, column)
        case .integer: reader.integer(record, column).map(FieldValue.integer)
        case .boolean: reader.boolean(record, column).map(FieldValue.boolean)
        case .list: reader.listField(record, column)
        case .url: reader.url(record, column).map(FieldValue.text)
        }
    }

    /// The row where the text `value` (normalised) was first seen in the column at `position`;
    /// nil when it is new (then remembered), or not text. Packed text is looked up by its bytes,
    /// its rows unretained (the record holds them).
    @inline(__always)
    private mutating func firstRow(
        of value: FieldValue, at position: Int, _ number: Int, _ packed: Unmanaged<PackedRows>?
    ) throws -> UInt32? {
        let row = UInt32(clamping: number)
        switch value {
        case .packedText(let cell):
            guard let packed else { return nil }
            return try packed._withUnsafeGuaranteedRef { rows in
                let isStarted = started[position].cell == cell && startedRows === rows
                if isStarted, started[position].kept >= 0 {
                    // Its normalised bytes were kept when its lookup was started.
                    let kept = UnsafeBufferPointer(
                        start: keptBytes.base + position * Self.keptCapacity, count: started[position].kept)
                    return try firstSeen[position].firstRow(
                        ofStarted: kept, orRemember: row, hashed: started[position].hash)
                }
                let hashed = isStarted ? started[position].hash : nil
                return try rows.withUTF8(cell) {
                    try firstSeen[position].firstRow(ofNormalisedUTF8: $0, orRemember: row, hashed: hashed)
                }
            }
        case .text(let text):
            return try firstSeen[position].firstRow(ofNormalised: text, orRemember: row)
        default:
            return nil
        }
    }

    /// Whether every item of `value` is one of the lookup's values; each that is not is reported.
    @discardableResult
    private static func check(
        _ value: FieldValue, against index: LookupIndex, _ record: SheetTable.Record, _ column: Int,
        _ reader: FieldReader
    ) -> Bool {
        // Each item looked up as it is, without an array of the cell's items (a row has half a
        // dozen lookup cells, nearly always a single known value).
        switch value {
        case .text(let text): return check(text, against: index, record, column, reader)
        case .packedText(let cell):
            guard let rows = record.rows else { return true }
            if rows.withUTF8(cell, index.contains(plain:)) { return true }
            return check(rows.string(cell), against: index, record, column, reader)
        case .integer(let number): return check(String(number), against: index, record, column, reader)
        case .list(let list):
            var found = true
            for item in list where !check(item, against: index, record, column, reader) { found = false }
            return found
        case .packedList(let cell):
            guard let rows = record.rows else { return true }
            return check(
                list: cell, of: .passUnretained(rows), against: .passUnretained(index), record, column, reader)
        case .boolean: return true
        }
    }

    /// Whether every item of the plain list in cell `cell` of `rows` is one of the lookup's
    /// values, each looked up by its bytes, in order; a `String` is made only for one not found,
    /// which is reported. Neither `rows` nor `index` is retained: the record and the validator
    /// hold them.
    @discardableResult
    private static func check(
        list cell: Int, of rows: Unmanaged<PackedRows>, against index: Unmanaged<LookupIndex>,
        _ record: SheetTable.Record, _ column: Int, _ reader: FieldReader
    ) -> Bool {
        rows._withUnsafeGuaranteedRef { rows in
            index._withUnsafeGuaranteedRef { index in
                var found = true
                _ = rows.withUTF8(cell) { bytes in
                    FieldReader.forEachASCIIListItem(printable: bytes) { item -> Bool in
                        if !index.contains(plain: item),
                            !check(String(decoding: item, as: UTF8.self), against: index, record, column, reader)
                        {
                            found = false
                        }
                        return true
                    }
                }
                return found
            }
        }
    }

    private static func check(
        _ item: String, against index: LookupIndex, _ record: SheetTable.Record, _ column: Int,
        _ reader: FieldReader
    ) -> Bool {
        guard !index.contains(item) else { return true }
        let hint = index.hint(for: item)
        let message =
            index.sameIgnoringCaseAndSpacing(item) != nil
            ? "\(reader.name(column)) \(quoted: item) differs in case or spacing from \(index.source)"
            : "unknown \(reader.name(column)) \(quoted: item)"
        reader.report(.error, .fkUnknownValue, record, column, value: item, message: message, hint: hint)
        return false
    }
}

/// Bytes a validator owns for as long as it lives (its copies share them).
private final class KeptBytes {
    let base: UnsafeMutablePointer<UInt8>

    init(count: Int) {
        base = .allocate(capacity: max(count, 1))
    }

    deinit { base.deallocate() }
}
