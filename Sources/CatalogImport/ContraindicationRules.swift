import Catalog
import XLSX

/// The rules of the `contraindications` sheet beyond its column types: one spelling per joint,
/// and each (canonical_name, joint) pair once.
struct ContraindicationRules {
    let table: SheetTable

    /// Checks the rows against the joints' preferred spellings (`JointSpellings`, made from
    /// both sheets of the workbook).
    func check(
        _ rows: [ContraindicationRow], spellings: JointSpellings
    ) -> (contraindications: [Contraindication], problems: [Problem]) {
        var reader = FieldReader(table: table)
        var pairs = FirstRows()
        var result: [Contraindication] = []
        for row in rows {
            guard let canonical = row.canonicalName, let joint = row.joint, let jointColumn = row.jointColumn
            else { continue }
            var valid = row.isValid
            let key = Self.jointKey(joint)
            if !spellings.check(joint, row: row.number, column: jointColumn, reader: &reader) { valid = false }
            if !pairs.isFirst(
                SheetTable.normalise(canonical) + "\u{1F}" + key, "\(shown: canonical) × \(shown: joint)",
                row: row.number, jointColumn, value: joint, hint: "keep one row per canonical_name and joint",
                reader: &reader)
            {
                valid = false
            }
            if valid {
                result.append(Contraindication(canonicalName: canonical, joint: joint, notes: row.notes ?? ""))
            }
        }
        return (result, reader.problems)
    }

    /// Joints that differ only in case, spacing or a trailing "s" are one joint.
    static func jointKey(_ joint: String) -> String {
        let key = SheetTable.normalise(joint)
        return key.hasSuffix("s") ? String(key.dropLast()) : key
    }
}

/// The preferred spelling of each joint of a workbook: the most used one across its sheets, the
/// first seen on a tie (the `contraindications` sheet is read first). A joint that differs from
/// it only in case, spacing or a trailing "s" is an error naming both spellings.
struct JointSpellings {
    private var preferred: [String: (name: String, at: String)] = [:]

    /// `uses`: every joint cell, in reading order, with its location (`contraindications!B4`).
    init(_ uses: [(name: String, at: String)]) {
        var counts: [String: [(name: String, at: String, count: Int)]] = [:]
        for use in uses {
            let key = ContraindicationRules.jointKey(use.name)
            if let index = counts[key]?.firstIndex(where: { $0.name == use.name }) {
                counts[key]?[index].count += 1
            } else {
                counts[key, default: []].append((use.name, use.at, 1))
            }
        }
        preferred = counts.compactMapValues { spellings in
            // The first of the most used: max(by:) keeps the last of equals, so compare strictly.
            var best = spellings[0]
            for spelling in spellings.dropFirst() where spelling.count > best.count { best = spelling }
            return (best.name, best.at)
        }
    }

    /// Whether `joint` is its joint's preferred spelling; reports it at the cell when not.
    func check(_ joint: String, row: Int, column: Int, reader: inout FieldReader) -> Bool {
        guard let spelling = preferred[ContraindicationRules.jointKey(joint)], spelling.name != joint else {
            return true
        }
        reader.report(
            .error, .jointSpelling, row: row, column, value: joint,
            message: "joint \(quoted: joint) differs only in case, spacing or a trailing \"s\" from "
                + "\(quoted: spelling.name) at \(spelling.at)",
            hint: "did you mean \(quoted: spelling.name)? one joint must have one spelling")
        return false
    }

    /// The joint cells of rows, located, for `init`.
    static func uses(
        sheet: String, _ rows: [(joint: String?, row: Int, column: Int?)]
    ) -> [(name: String, at: String)] {
        rows.compactMap { entry in
            guard let joint = entry.joint, let column = entry.column else { return nil }
            return (joint, "\(sheet)!\(CellReference(row: entry.row, column: column).a1)")
        }
    }
}

/// The first row of each key a sheet's rows must not repeat; a later row with the same key is a
/// `unique.duplicate` error at its cell naming the first.
struct FirstRows {
    private var rows: [String: Int] = [:]

    mutating func isFirst(
        _ key: String, _ described: String, row: Int, _ column: Int, value: String, hint: String,
        reader: inout FieldReader
    ) -> Bool {
        guard let first = rows[key] else {
            rows[key] = row
            return true
        }
        reader.report(.error, .uniqueDuplicate, row: row, column, value: value,
                      message: "\(described) is already listed on row \(first)", hint: hint)
        return false
    }
}
