import Catalog
import CatalogBuild
import XLSX

/// The rules of the `exercises` sheet that span columns or rows: the equipment hierarchy,
/// secondary muscles, instruction steps and swap groups. Runs on rows already type-checked.
struct ExerciseRules {
    let table: SheetTable
    /// The lookup sheets' values: which items each category lists.
    let lookups: CatalogLookups
    /// The problems of each row by itself.
    private let rowReader: FieldReader
    /// Group spellings that differ only in case or spacing, reported after the rows' own.
    private let spellingReader: FieldReader
    /// The valid rows' exercises, when kept (a build needs them; a check does not).
    private let keepsExercises: Bool
    private var exercises: [Exercise] = []
    /// Where the valid rows' exercises go instead, as they are checked, when a build streams them.
    private let stage: ExerciseStage?
    /// Ids (normalised) whose group another sheet asks for, and the groups of those valid rows.
    private let groupsWanted: NormalisedValues
    private(set) var groupByExercise: [String: String] = [:]
    /// The groups by normalised name, each numbered in the order first seen (a position in
    /// `spellings`), and the first spelling of each with its row. A grown sheet has a group
    /// for every few rows: bytes in flat buffers rather than two `String`s and a dictionary
    /// entry a group.
    private var spellingKeys: FirstRowIndex
    private var spellings: TextColumn
    private var spellingRows = PagedArray<UInt32>()
    /// The groups (as spelt) holding a programme exercise, numbered in the order first seen,
    /// which is row order: the first member's row, display name and group name, and whether it
    /// is the only one.
    private var memberKeys: FirstRowIndex
    private var memberGroups: TextColumn
    private var memberNames: TextColumn
    private var memberRows = PagedArray<UInt32>()
    private var memberIsAlone = PagedArray<Bool>()
    /// The column of `canonical_name`, the same for every row.
    private var memberColumn: Int?
    /// Where the rows' fields are in their parsed records, found at the first row.
    private var layout: ExerciseRow.Layout?
    /// The group the row before named, spelt as it was, whether that spelling passed (the
    /// group's first, or the same ignoring nothing), and its programme members' group when it has one.
    private var previousGroup: (name: String?, spellingPassed: Bool, member: UInt32?) = (nil, false, nil)

    init(
        table: SheetTable, lookups: CatalogLookups, keepsExercises: Bool = true, stage: ExerciseStage? = nil,
        groupsWanted: Set<String> = [], spill: SpillSettings = SpillSettings()
    ) {
        self.table = table
        self.stage = stage
        self.lookups = lookups
        self.keepsExercises = keepsExercises
        self.groupsWanted = NormalisedValues(groupsWanted)
        rowReader = FieldReader(table: table)
        spellingReader = FieldReader(table: table)
        spellingKeys = FirstRowIndex(spill: spill)
        spellings = TextColumn(spill: spill)
        memberKeys = FirstRowIndex(spill: spill)
        memberGroups = TextColumn(spill: spill)
        memberNames = TextColumn(spill: spill)
    }

    /// Checks one row (rows come in sheet order, each once), keeping only what the rules that
    /// span rows need: a few values per group, never the row. Throws the `SpillFailure` of a
    /// group index whose temporary file failed it.
    mutating func check(_ record: consuming ParsedRecord<ExerciseColumn>) throws {
        // The sheet's records share one list of columns: its layout is found once.
        let layout = self.layout ?? ExerciseRow.Layout(record.columns)
        self.layout = layout
        try check(ExerciseRow(consume record, layout: layout))
    }

    mutating func check(_ row: ExerciseRow) throws {
        let errorsBefore = rowReader.errorCount
        // The id and the group name are read as bytes: a field's `String` is made each time it
        // is read (`FieldValue`), and here only for a message, a wanted group, a group not named
        // by the row before, or a programme exercise's first row of a group.
        let idIsSnakeCase = row.withUTF8(.exerciseID, Self.isSnakeCase)
        if idIsSnakeCase == false { checkIdentifier(row.id, row, rowReader) }
        checkEquipment(row, rowReader)
        checkSecondaryMuscles(row, rowReader)
        checkInstructions(row, rowReader)
        if row.isValid, rowReader.errorCount == errorsBefore {
            if keepsExercises, let exercise = row.exercise {
                if let stage { stage.add(exercise) } else { exercises.append(exercise) }
            }
            if Self.isWantedGroup(row, in: groupsWanted, idIsSnakeCase: idIsSnakeCase == true), let id = row.id,
                let group = row.canonicalName
            {
                groupByExercise[id] = groupByExercise[id] ?? group
            }
        }
        // A group's exercises are usually listed together: a row naming the group the row before
        // named, spelt the same, is that group, and its spelling already passed.
        if !Self.names(previousGroup.name, passed: previousGroup.spellingPassed, row) {
            let canonicalName = row.canonicalName
            previousGroup = (canonicalName, try checkCanonicalSpelling(canonicalName, row), nil)
        }
        if row.includeInProgramme == true, previousGroup.name != nil {
            // The group was named by this row (checked above, or the same as the row before's).
            let next = UInt32(memberRows.count)
            let known = previousGroup.member
            if let known {
                memberIsAlone[Int(known)] = false
            } else if let name = row.canonicalName {
                if let group = try memberKeys.firstRow(of: name, orRemember: next) {
                    memberIsAlone[Int(group)] = false
                    previousGroup.member = group
                } else {
                    previousGroup.member = next
                    try memberGroups.append(name)
                    try memberNames.append(row.displayName)
                    memberRows.append(UInt32(clamping: row.number))
                    memberIsAlone.append(true)
                    if memberColumn == nil { memberColumn = row.column(.canonicalName) }
                }
            }
        }
    }

    /// Whether the row names `previous`, the group the row before named, spelt the same, and
    /// that spelling `passed`: its bytes compared first (the same bytes are the same text), its
    /// `String` made only when they differ.
    private static func names(_ previous: String?, passed: Bool, _ row: ExerciseRow) -> Bool {
        guard passed, var previous else { return false }
        // The row's bytes lent first: a closure reading the row would copy it.
        let sameBytes = row.withUTF8(.canonicalName) { name in previous.withUTF8 { String.bytesEqual(name, $0) } }
        if sameBytes == true { return true }
        guard let name = row.canonicalName else { return false }
        return name == previous
    }

    /// Whether another sheet asks for the group of the row's exercise (`groupsWanted`). A
    /// snake_case id is its own normalised form (lower case, no white space): looked up as it
    /// is. Static: a closure of a method reading `self` copied all of the rules for each row.
    private static func isWantedGroup(
        _ row: ExerciseRow, in groupsWanted: NormalisedValues, idIsSnakeCase: Bool
    ) -> Bool {
        guard !groupsWanted.values.isEmpty else { return false }
        let wanted = row.withUTF8(.exerciseID) { bytes in
            idIsSnakeCase ? groupsWanted.contains(normalisedUTF8: bytes) : groupsWanted.contains(normalisingUTF8: bytes)
        }
        return wanted == true
    }

    /// The exercises of the valid rows (when kept), and every problem: each row's own, in row order, then
    /// the groups' spellings, then the programme exercises without a swap. Throws a
    /// `SpillFailure` as `check` does.
    func finish() throws -> (exercises: [Exercise], problems: [Problem]) {
        var swaps = FieldReader(table: table)
        try checkSwapAlternatives(&swaps)
        return (exercises, rowReader.problems + spellingReader.problems + swaps.problems)
    }

    /// `exercise_id` is snake_case: lower-case letters and digits in words joined by single
    /// underscores (`barbell_bench_press`), as users' logs and the app's URLs carry it.
    private func checkIdentifier(_ id: String?, _ row: ExerciseRow, _ reader: FieldReader) {
        guard let id, let column = row.column(.exerciseID), !Self.isSnakeCase(id) else { return }
        let words = id.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let suggestion = words.joined(separator: "_")
        reader.report(
            .error, .idNotSnakeCase, row: row.number, column, value: id,
            message: "exercise_id \(quoted: id) is not snake_case",
            hint: "use lower-case letters and digits joined by single underscores"
                + (suggestion.isEmpty ? "" : ", e.g. \(quoted: suggestion)"))
    }

    /// `[a-z0-9]+(_[a-z0-9]+)*`.
    static func isSnakeCase(_ id: String) -> Bool {
        // A native string's bytes are read in place, without the UTF-8 view's index per byte.
        id.utf8.withContiguousStorageIfAvailable(isSnakeCase) ?? isSnakeCase(bytes: id.utf8)
    }

    static func isSnakeCase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Eight bytes at a time (every row's id is asked): words seven bytes apart, so that each
        // pair of neighbouring bytes is in one word, the last word ending at the last byte.
        let count = bytes.count
        guard count >= 8, let base = bytes.baseAddress else { return isSnakeCase(bytes: bytes) }
        guard base[0] != UInt8(ascii: "_"), base[count - 1] != UInt8(ascii: "_") else { return false }
        var at = 0
        while true {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            guard let underscores = snakeCaseUnderscores(word), underscores & (underscores << 8) == 0 else {
                return false
            }
            if at == count - 8 { return true }
            at = min(at + 7, count - 8)
        }
    }

    /// The underscores of `word`'s eight bytes (the top bit of each that is one) when every
    /// byte is a lower-case letter, a digit or an underscore; nil otherwise. No byte carries
    /// into the next: every byte is below 0x80 when the sums are made.
    @inline(__always)
    private static func snakeCaseUnderscores(_ word: UInt64) -> UInt64? {
        let low: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        guard word & high == 0 else { return nil }
        // From `a` on and not from `{` on; from `0` on and not from `:` on; equal to `_`.
        let letters = (word &+ 0x1F &* low) & ~(word &+ 0x05 &* low) & high
        let digits = (word &+ 0x50 &* low) & ~(word &+ 0x46 &* low) & high
        let difference = word ^ (0x5F &* low)
        let underscores = ~((difference &+ 0x7F &* low) | difference) & high
        return letters | digits | underscores == high ? underscores : nil
    }

    private static func isSnakeCase(bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, first != UInt8(ascii: "_") else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            let isWordByte = byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
            guard isWordByte || (byte == UInt8(ascii: "_") && previous != UInt8(ascii: "_")) else { return false }
            previous = byte
        }
        return previous != UInt8(ascii: "_")
    }

    /// An item must be listed under the row's own category; a category without items takes none.
    private func checkEquipment(_ row: ExerciseRow, _ reader: FieldReader) {
        // Most rows name no item: known without a `String` of their category.
        guard row.hasValue(.equipmentSpecific), let category = row.equipmentCategory, let item = row.equipmentItem,
            let column = row.column(.equipmentSpecific), let items = lookups.items(under: category),
            !items.contains(item)
        else { return }
        let owners = lookups.categories(listing: item)
        guard !owners.isEmpty else { return }  // unknown everywhere: the lookup check said so
        let hint: String
        if items.isEmpty {
            hint =
                "\(shown: category) has no items: leave equipment_specific blank, or change the category to "
                + owners.map { XLSXError.shown($0) }.joined(separator: " or ")
        } else if let close = LookupIndex(source: "lookup_equipment", values: items).closest(to: item) {
            hint =
                "did you mean \(quoted: close)? \(quoted: item) is listed under "
                + "\(shown: owners.joined(separator: ", "))"
        } else {
            hint =
                "\(quoted: item) is listed under \(shown: owners.joined(separator: ", ")); \(shown: category) has "
                + items.map { "\(quoted: $0)" }.joined(separator: ", ")
        }
        reader.report(
            .error, .equipmentItemNotInCategory, row: row.number, column, value: item,
            message: "\(quoted: item) is not an item of \(shown: category)", hint: hint)
    }

    private func checkSecondaryMuscles(_ row: ExerciseRow, _ reader: FieldReader) {
        guard let column = row.column(.secondaryMuscles) else { return }
        // A list read in place (nearly every row's) is checked by its bytes, without a `String`
        // of each muscle; it is split into `String`s only for the checks below.
        let packedVerdict = row.withPackedListUTF8(.secondaryMuscles, withText: .primaryMuscle) {
            Self.isClear(packedList: $0, primary: $1)
        }
        if (packedVerdict ?? nil) == true { return }
        guard let list = row.secondaryMuscles else { return }
        // Nearly every row lists a few plain ASCII muscles, none of them the primary or a
        // repeat: known by comparing their bytes, without a normalised copy of each.
        if list.count <= 16, Self.isClear(list, primary: row.primaryMuscle) == true { return }
        let primary = row.primaryMuscle.map(SheetTable.normalise)
        // A row lists a few muscles: compared one by one rather than hashed into a set made for
        // each row; a long list (a pasted column) still goes through a set.
        let isShort = list.count <= 16
        var seen: [String] = []
        var seenLong: Set<String> = []
        for muscle in list {
            let key = SheetTable.normalise(muscle)
            if key == primary {
                reader.report(
                    .error, .listContainsPrimary, row: row.number, column, value: muscle,
                    message: "secondary_muscles lists \(quoted: muscle), the primary muscle",
                    hint: "remove it from secondary_muscles")
            } else if isShort ? seen.contains(key) : !seenLong.insert(key).inserted {
                reader.report(
                    .error, .listDuplicate, row: row.number, column, value: muscle,
                    message: "secondary_muscles lists \(quoted: muscle) twice")
            } else if isShort {
                seen.append(key)
            }
        }
    }

    /// True when no muscle of `list` is `primary` or an earlier one of the list, ignoring case
    /// and spacing (`SheetTable.normalise`), as `checkSecondaryMuscles` compares them; nil when
    /// some text is not plain ASCII, for which that check decides.
    static func isClear(_ list: [String], primary: String?) -> Bool? {
        for index in list.indices {
            let verdict = list[index].utf8.withContiguousStorageIfAvailable { item -> Bool? in
                guard item.allSatisfy({ $0 < 0x80 }) else { return nil }
                if let primary {
                    let same = primary.utf8.withContiguousStorageIfAvailable { other -> Bool? in
                        other.allSatisfy { $0 < 0x80 } ? String.asciiNormalisedEqual(item, other) : nil
                    }
                    guard let same = same ?? nil else { return nil }
                    if same { return false }
                }
                // The earlier muscles are plain ASCII: their turn checked it.
                for earlier in 0..<index {
                    let same = list[earlier].utf8.withContiguousStorageIfAvailable {
                        String.asciiNormalisedEqual(item, $0)
                    }
                    guard let same else { return nil }
                    if same { return false }
                }
                return true
            }
            guard let verdict = verdict ?? nil else { return nil }
            if !verdict { return false }
        }
        return true
    }

    /// `isClear` of a list of plain text read in place (`FieldReader.forEachASCIIListItem`
    /// splits it) and the primary muscle's UTF-8: true when no muscle is the primary or an
    /// earlier one, ignoring case and spacing; nil for more than 16 muscles, or a primary that
    /// is not plain ASCII, for which `checkSecondaryMuscles` decides.
    static func isClear(packedList list: UnsafeBufferPointer<UInt8>, primary: UnsafeBufferPointer<UInt8>?) -> Bool? {
        if let primary, !String.isASCII(primary) { return nil }
        return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 16) { earlier -> Bool? in
            guard let base = list.baseAddress else { return true }
            var count = 0
            var verdict: Bool? = true
            FieldReader.forEachASCIIListItem(printable: list) { item -> Bool in
                guard count < 16 else {
                    verdict = nil
                    return false
                }
                if let primary, String.asciiNormalisedEqual(item, primary) {
                    verdict = false
                    return false
                }
                for index in 0..<count {
                    let range = earlier[index]
                    if String.asciiNormalisedEqual(item, UnsafeBufferPointer(rebasing: list[range])) {
                        verdict = false
                        return false
                    }
                }
                let start = item.baseAddress.map { $0 - base } ?? 0
                earlier.initializeElement(at: count, to: start..<(start + item.count))
                count += 1
                return true
            }
            return verdict
        }
    }

    /// Steps are numbered without gaps: a step 3 needs a step 2.
    private func checkInstructions(_ row: ExerciseRow, _ reader: FieldReader) {
        // Which steps are filled, one bit each (step 1 the lowest), without an array per row.
        var filled = 0
        for step in 1...4 where row.hasInstruction(step) { filled |= 1 << (step - 1) }
        for step in 2...4 where filled & (1 << (step - 1)) != 0 && filled & (1 << (step - 2)) == 0 {
            guard let column = row.column(ExerciseColumn.instructions[step - 1]) else { continue }
            reader.report(
                .error, .instructionsGap, row: row.number, column, value: row.instruction(step),
                message: "instruction_\(step) is filled but instruction_\(step - 1) is empty",
                hint: "move the step up so the steps have no gap")
        }
    }

    /// One swap group per spelling: names that differ only in case or spacing are one group
    /// spelt two ways.
    /// Returns whether `name` passed: the first spelling of its group, or spelt as that one.
    @discardableResult
    private mutating func checkCanonicalSpelling(_ name: String?, _ row: ExerciseRow) throws -> Bool {
        guard let name, let column = row.column(.canonicalName) else { return false }
        let next = UInt32(spellingRows.count)
        guard let group = try spellingKeys.firstRow(ofNormalised: name, orRemember: next).map(Int.init) else {
            try spellings.append(name)
            spellingRows.append(UInt32(clamping: row.number))
            return true
        }
        if try spellings.holds(name, at: group) { return true }
        let existing = try spellings[group] ?? ""
        let at = "\(table.sheet)!\(CellReference(row: Int(spellingRows[group]), column: column).a1)"
        spellingReader.report(
            .error, .canonicalSpelling, row: row.number, column, value: name,
            message: "canonical_name \(quoted: name) differs only in case or spacing from "
                + "\(quoted: existing) at \(at)",
            hint: "did you mean \(quoted: existing)?")
        return false
    }

    /// Every programme exercise needs a swap: another programme exercise of its group.
    private func checkSwapAlternatives(_ reader: inout FieldReader) throws {
        // Groups are numbered in the order of their first member's row: already in row order.
        guard let column = memberColumn else { return }
        for group in 0..<memberIsAlone.count where memberIsAlone[group] {
            let name = try memberGroups[group] ?? ""
            let member = try memberNames[group]
            reader.report(
                .warning, .swapNoAlternative, row: Int(memberRows[group]), column, value: name,
                message: "\(quoted: member ?? name) is the only programme exercise in group \(quoted: name), "
                    + "so it has no swap",
                hint: "add another programme exercise with canonical_name \(quoted: name), "
                    + "or move it to a group that has one")
        }
    }
}
