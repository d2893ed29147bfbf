import Catalog
import XLSX

/// The rules of the `contraindications` sheet beyond its column types: one spelling per joint,
/// and each (canonical_name, joint) pair once.
struct ContraindicationRules {
    let table: SheetTable

    func check(_ rows: [ContraindicationRow]) -> (contraindications: [Contraindication], problems: [Problem]) {
        var reader = FieldReader(table: table)
        let spellings = jointSpellings(rows)
        var firstPair: [String: Int] = [:]
        var result: [Contraindication] = []
        for row in rows {
            guard let canonical = row.canonicalName, let joint = row.joint, let jointColumn = row.jointColumn
            else { continue }
            var valid = row.isValid
            let key = Self.jointKey(joint)
            if let preferred = spellings[key], preferred.name != joint {
                valid = false
                let at = "\(table.sheet)!\(CellReference(row: preferred.row, column: jointColumn).a1)"
                reader.report(
                    .error, .jointSpelling, row: row.number, jointColumn, value: joint,
                    message: "joint \(quoted: joint) differs only in case, spacing or a trailing \"s\" from "
                        + "\(quoted: preferred.name) at \(at)",
                    hint: "did you mean \(quoted: preferred.name)? one joint must have one spelling")
            }
            let pairKey = SheetTable.normalise(canonical) + "\u{1F}" + key
            if let first = firstPair[pairKey] {
                valid = false
                reader.report(.error, .uniqueDuplicate, row: row.number, jointColumn, value: joint,
                              message: "\(shown: canonical) × \(shown: joint) is already listed on row \(first)",
                              hint: "keep one row per canonical_name and joint")
            } else {
                firstPair[pairKey] = row.number
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

    /// The preferred spelling of each joint: the most used one, the first seen on a tie.
    private func jointSpellings(_ rows: [ContraindicationRow]) -> [String: (name: String, row: Int)] {
        var counts: [String: [(name: String, row: Int, count: Int)]] = [:]
        for row in rows {
            guard let joint = row.joint else { continue }
            let key = Self.jointKey(joint)
            if let index = counts[key]?.firstIndex(where: { $0.name == joint }) {
                counts[key]?[index].count += 1
            } else {
                counts[key, default: []].append((joint, row.number, 1))
            }
        }
        return counts.compactMapValues { spellings in
            spellings.max { $0.count < $1.count || ($0.count == $1.count && $0.row > $1.row) }
                .map { ($0.name, $0.row) }
        }
    }
}
