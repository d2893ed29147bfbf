/// Excel's limit on the text of one cell. The reader keeps longer text whole (nothing is
/// dropped); these tell a check that a value is over the limit, so it can report it at its
/// cell.
extension CellValue {
    /// The most characters Excel keeps in one cell: 32,767.
    public static let maxTextLength = 32_767

    /// How many characters a text or error value holds, as Excel counts them (UTF-16 code
    /// units: an emoji outside the Basic Multilingual Plane counts two); nil for other values.
    public var textLength: Int? {
        switch self {
        case .text(let text), .error(let text): text.utf16.count
        case .number, .boolean, .date, .duration: nil
        }
    }

    /// Whether the value holds more than `maxTextLength` characters, more than Excel writes or
    /// opens whole in a cell.
    public var exceedsTextLimit: Bool {
        switch self {
        case .text(let text), .error(let text):
            // UTF-16 code units never outnumber UTF-8 bytes, so short text needs no counting.
            text.utf8.count > Self.maxTextLength && text.utf16.count > Self.maxTextLength
        case .number, .boolean, .date, .duration: false
        }
    }
}
