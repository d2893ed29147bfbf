import Catalog

extension CatalogDiff {
    /// A reviewer's summary: added, removed (each an error), renamed, changed, then a count line.
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
        out += "\(added.count) added, \(removed.count) removed, \(renamed.count) renamed, \(changed.count) changed; "
            + "\(errorCount) error\(errorCount == 1 ? "" : "s")\n"
        return out
    }
}
