@testable import XLSX
import XLSXTestSupport
import Testing

/// A workbook grows sheets: reading its sheets one after another opens at most one extra handle
/// on the archive in all (libzip reads the central directory on every open, so a handle per
/// sheet made the time grow with the square of the sheet count), and small sheets start no
/// thread and open no handle at all.
@Suite("workbooks of many sheets")
struct ManySheetsTests {
    static func readEverySheet(_ workbook: Workbook, inflatingAhead: Bool?) throws -> [Double] {
        var values: [Double] = []
        for sheet in workbook.sheets {
            let cursor = try workbook.cursor(for: sheet, sharedStringsByIndex: false, inflatingAhead: inflatingAhead)
            while let row = try cursor.next() {
                for cell in row.cells { if case .number(let value) = cell.value { values.append(value) } }
            }
        }
        return values
    }

    static func workbook() throws -> Workbook {
        let sheets = (1...300).map { WorkbookWriter.Sheet(name: "S\($0)", rows: [[.number(Double($0))]]) }
        let path = try TestFiles.write(try WorkbookWriter(sheets: sheets).data(), named: "many-sheets.xlsx")
        return try Workbook(path: path)
    }

    @Test("every sheet of a 300-sheet workbook is read on the caller's thread, through the workbook's handle")
    func smallSheetsInline() throws {
        let workbook = try Self.workbook()
        #expect(try Self.readEverySheet(workbook, inflatingAhead: nil) == (1...300).map(Double.init))
        #expect(workbook.archive.handlesOpened == 0)
    }

    @Test("sheets inflated ahead on a background thread share one background handle")
    func oneBackgroundHandle() throws {
        let workbook = try Self.workbook()
        #expect(try Self.readEverySheet(workbook, inflatingAhead: true) == (1...300).map(Double.init))
        #expect(workbook.archive.handlesOpened == 1)
    }
}
