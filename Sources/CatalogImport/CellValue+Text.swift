import Foundation
import XLSX

extension CellValue {
    /// The value as a spreadsheet editor reads it, surrounding spaces trimmed.
    var trimmedText: String? {
        plainText.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
