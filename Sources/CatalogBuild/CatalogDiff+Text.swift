import Catalog

extension CatalogDiff {
    /// A reviewer's summary: exercises added, removed (each an error), renamed and changed,
    /// contraindications added and removed (each a warning), then a count line.
    public func text() -> String {
        var out = ""
        if !added.isEmpty {
            out += "added (\(added.count)):\n" + added.map { "  + \($0.id)  \($0.displayName)\n" }.joined()
        }
        if !removed.isEmpty {
            out += "removed (\(removed.count)):\n"
            for entry in removed {
                out += "  - \(entry.id)  \(entry.displayName)\n"
                out += "    error[diff.removed_id]: users' logs point at \"\(entry.id)\"; "
                    + "keep its row with include_in_programme = 0 to retire it\n"
            }
        }
        if !renamed.isEmpty {
            out += "renamed (\(renamed.count)):\n"
                + renamed.map { "  ~ \($0.id)  \"\($0.from)\" → \"\($0.to)\"\n" }.joined()
        }
        if !changed.isEmpty {
            out += "changed (\(changed.count)):\n"
            for change in changed {
                out += "  ~ \(change.id)  \(change.displayName)\n"
                out += change.fields.map { "      \($0.field): \"\($0.from)\" → \"\($0.to)\"\n" }.joined()
            }
        }
        let pairs = contraindications
        if !pairs.added.isEmpty {
            out += "contraindications added (\(pairs.added.count)):\n"
                + pairs.added.map { "  + \($0.canonicalName) × \($0.joint)\n" }.joined()
        }
        if !pairs.removed.isEmpty {
            out += "contraindications removed (\(pairs.removed.count)):\n"
            for pair in pairs.removed {
                out += "  - \(pair.canonicalName) × \(pair.joint)\n"
                out += "    warning[diff.removed_contraindication]: users who record a \(pair.joint.lowercased()) "
                    + "injury are no longer warned about \(pair.canonicalName)\n"
            }
        }
        if !exceptions.added.isEmpty {
            out += "exercise exceptions added (\(exceptions.added.count)):\n"
                + exceptions.added.map { "  + \($0.exerciseId) × \($0.joint): \($0.levelDescription)\n" }.joined()
        }
        if !exceptions.removed.isEmpty {
            out += "exercise exceptions removed (\(exceptions.removed.count)):\n"
            for entry in exceptions.removed {
                out += "  - \(entry.exerciseId) × \(entry.joint): \(entry.levelDescription)\n"
                if entry.level == .contraindicated {
                    out += "    warning[diff.removed_exception]: users who record a \(entry.joint.lowercased()) "
                        + "injury are no longer warned about \(entry.exerciseId)\n"
                }
            }
        }
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        out += "exercises: \(added.count) added, \(removed.count) removed, \(renamed.count) renamed, "
            + "\(changed.count) changed; contraindications: \(pairs.added.count) added, "
            + "\(pairs.removed.count) removed; "
            + (exceptions.added.isEmpty && exceptions.removed.isEmpty
                ? "" : "exercise exceptions: \(exceptions.added.count) added, \(exceptions.removed.count) removed; ")
            + count(errorCount, "error") + ", " + count(warningCount, "warning")
            + "\n"
        return out
    }
}
