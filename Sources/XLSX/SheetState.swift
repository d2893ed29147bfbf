/// Whether a sheet tab is shown (`visible`), hidden from the tab bar (`hidden`), or only
/// reachable through VBA (`veryHidden`).
public enum SheetState: String, Sendable, CaseIterable {
    case visible, hidden, veryHidden

    /// Reads the `state` attribute of `<sheet>`; anything unknown counts as visible, as in Excel.
    init(attribute: String?) {
        switch attribute?.lowercased() {
        case "hidden": self = .hidden
        case "veryhidden": self = .veryHidden
        default: self = .visible
        }
    }
}
