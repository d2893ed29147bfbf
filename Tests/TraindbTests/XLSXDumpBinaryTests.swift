import Foundation
import TestSupport
import Testing
import XLSX
import XLSXTestSupport

/// `make leaks` runs valgrind over `xlsx-dump`, not over `traindb xlsx dump`: what it checks is
/// the command's reading only while the two write the same bytes and refuse the same workbooks.
@Suite("xlsx-dump, which make leaks checks, writes what traindb xlsx dump writes")
struct XLSXDumpBinaryTests {
    /// `xlsx-dump` sits beside `traindb` in the build products folder.
    static var executable: URL {
        TraindbProcess.executable.deletingLastPathComponent().appendingPathComponent("xlsx-dump")
    }

    static let fixtures = [
        "libreoffice_cached_formula_values.xlsx", "openpyxl_types_dates_sheet_states.xlsx",
        "xlsxwriter_1904_rich_text_cached_formulas.xlsx", "xlsxwriter_inline_strings.xlsx",
    ]

    @Test("a real workbook: the same JSON, byte for byte", arguments: fixtures)
    func sameJSON(_ fixture: String) throws {
        let path = PackageRoot.url("Tests/XLSXTests/Fixtures/\(fixture)").path
        let command = try TraindbProcess.run(["xlsx", "dump", path])
        let binary = try Subprocess.run(Self.executable, [path])
        #expect(command.status == 0)
        #expect(binary.status == 0, "\(binary.stderr)")
        #expect(binary.stdout.hasPrefix(#"{"sheets":["#))
        #expect(binary.stdout == command.stdout)
    }

    @Test("a workbook damaged past many rows: both refuse it (exit 2), naming the cell, after the same rows")
    func sameRefusal() throws {
        let rows = (1...3_000).map { [CellValue.number(Double($0)), .text("row \($0 % 7)")] }
        let writer = WorkbookWriter(sheets: [.init(name: "long", rows: rows)])
        let (command, binary) = try TemporaryDirectory.with { directory in
            let path = directory.path("damaged.xlsx")
            try writer.write(to: path, editing: ["xl/worksheets/sheet1.xml": { xml in
                xml.replacingOccurrences(of: "<v>2999</v>", with: "<v>29x9</v>")
            }])
            return (try TraindbProcess.run(["xlsx", "dump", path]), try Subprocess.run(Self.executable, [path]))
        }
        #expect(command.status == 2 && binary.status == 2)
        #expect(binary.stderr.contains("cell A2999 holds \"29x9\", which is not a number"), "\(binary.stderr)")
        #expect(binary.stdout == command.stdout)
    }
}
