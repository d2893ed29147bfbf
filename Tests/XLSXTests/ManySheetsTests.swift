@testable import XLSX
import XLSXTestSupport
import Testing

/// A workbook grows sheets: reading its sheets one after another opens one extra handle on the
/// archive in all (libzip reads the central directory on every open, so a handle per sheet made
/// the time grow with the square of the sheet count).
@Suite("workbooks of many sheets")
struct ManySheetsTests {
    @Test("every sheet of a 300-sheet workbook is read, through one background handle")
    func oneHandle() throws {
        let sheets = (1...300).map { WorkbookWriter.Sheet(name: "S\($0)", rows: [[.number(Double($0))]]) }
        let path = try TestFiles.write(try WorkbookWriter(sheets: sheets).data(), named: "many-sheets.xlsx")
        let workbook = try Workbook(path: path)
        var values: [Double] = []
        for sheet in workbook.sheets {
            let cursor = try workbook.cursor(for: sheet)
            while let row = try cursor.next() {
                for cell in row.cells { if case .number(let value) = cell.value { values.append(value) } }
            }
        }
        #expect(values == (1...300).map(Double.init))
        #expect(workbook.archive.handlesOpened == 1)
    }
}
