import Foundation
import XLSX

extension CellValue {
    /// The value as a spreadsheet editor reads it, surrounding spaces trimmed.
    var trimmedText: String? {
        plainText.trimmed(of: .whitespacesAndNewlines)
    }
}
