import Foundation
import Testing
import XLSX

@testable import CatalogImport

#if canImport(Glibc)
    import Glibc
#endif

/// The check keeps a long sheet's values in a temporary file. When that file fails it (a full
/// disk, a read that comes back short or not at all), the check stops with an error that says
/// so: a value it cannot read back could be the duplicate it looks for, and a report without it
/// would be wrong and look clean.
@Suite("the check's temporary file, failing")
struct SpillFailureTests {
    /// A file that takes every write and gives nothing back, as one cut short would.
    static let losesWrites = SpillSettings(memoryLimit: 0, openFile: { open("/dev/null", O_RDWR) })
    /// A file on a full disk.
    static let refusesWrites = SpillSettings(memoryLimit: 0, openFile: { open("/dev/full", O_RDWR) })
    /// A file that can be written but not read.
    static let refusesReads = SpillSettings(
        memoryLimit: 0,
        openFile: {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)").path
            let file = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            unlink(path)
            return file
        })

    /// Enough values for the first chunk of 256 KiB to go to the file.
    static let values = (0..<20_000).map { "exercise_\($0)_with_a_long_enough_id" }

    /// Past a chunk the index reads the file back twice over: to grow its table, and to confirm
    /// a repeat. Either way a file that fails stops it, and a repeat is never taken as new.
    @Test func aValueThatDoesNotComeBackIsAnErrorNotANewValue() throws {
        let failing = [(Self.losesWrites, "gave back 0 of the"), (Self.refusesReads, "Bad file descriptor")]
        for (settings, reason) in failing {
            // Growing: the table is rebuilt from the values, the first ones in the file by then.
            var growing = FirstRowIndex(spill: settings)
            let grown = #expect(throws: SpillFailure.self) {
                for (row, value) in Self.values.enumerated() {
                    _ = try growing.firstRow(of: value, orRemember: UInt32(row + 2))
                }
            }
            #expect(grown?.message.contains(reason) == true, "\(grown?.message ?? "")")

            // A repeat: 300 values of a kilobyte fill a chunk and a bit, and the table does not
            // grow; the first value is in the file when it comes again.
            var repeating = FirstRowIndex(spill: settings)
            let long = (0..<300).map { "\($0) " + String(repeating: "x", count: 1_000) }
            let repeated = #expect(throws: SpillFailure.self) {
                for (row, value) in long.enumerated() { _ = try repeating.firstRow(of: value, orRemember: UInt32(row)) }
                #expect(repeating.hasSpilled)
                if try repeating.firstRow(of: long[0], orRemember: 999) == nil { Issue.record("a repeat taken as new") }
            }
            #expect(repeated?.message.contains(reason) == true, "\(repeated?.message ?? "")")
        }
    }

    @Test func aFullDiskIsAnError() throws {
        var index = FirstRowIndex(spill: Self.refusesWrites)
        let failure = #expect(throws: SpillFailure.self) {
            for (row, value) in Self.values.enumerated() { _ = try index.firstRow(of: value, orRemember: UInt32(row)) }
        }
        #expect(failure?.message.contains("No space left on device") == true, "\(failure?.message ?? "")")
        #expect(!index.hasSpilled)

        var column = TextColumn(spill: Self.refusesWrites)
        #expect(throws: SpillFailure.self) { for value in Self.values { try column.append(value) } }
    }

    @Test func aGroupsTextThatDoesNotComeBackIsAnError() throws {
        var column = TextColumn(spill: Self.losesWrites)
        for value in Self.values { try column.append(value) }
        #expect(column.hasSpilled)
        #expect(throws: SpillFailure.self) { try column[0] }
        #expect(throws: SpillFailure.self) { try column.holds(Self.values[0], at: 0) }
        #expect(try column[Self.values.count - 1] == Self.values.last, "the chunk still in memory reads as ever")
    }

    /// A sheet whose display names fill more than the 256 KiB the check keeps in memory, with
    /// the first one repeated in its last row.
    static func longSheet() -> CatalogFixture {
        var fixture = CatalogFixture()
        let padding = String(repeating: "x", count: 1_000)
        for index in 0..<300 {
            fixture.exercises.append(
                CatalogFixture.row(
                    "long_\(index)", "Long \(index) \(padding)", "Bench Press", "Dumbbells", nil, "Chest", nil,
                    "Horizontal Push", 2, 0, 0))
        }
        fixture.exercises.append(
            CatalogFixture.row(
                "long_again", "Long 0 \(padding)", "Bench Press", "Dumbbells", nil, "Chest", nil, "Horizontal Push", 2,
                0,
                0))
        return fixture
    }

    /// The whole check: with a working file the repeated name is found (its first row went to
    /// the file); with a failing one the import fails, naming the sheet, with no report.
    @Test func theCheckStopsWithAnErrorRatherThanReportLess() throws {
        let fixture = Self.longSheet()
        let found = try fixture.importCatalog(keepsContent: false, spill: SpillSettings(memoryLimit: 0))
        #expect(found.problems.map(\.location) == ["exercises!B\(fixture.exercises.count + 1)"])
        #expect(found.problems.first?.message.hasSuffix("is already used at exercises!B10") == true)

        for (settings, reason) in [
            (Self.losesWrites, "gave back 0 of the"), (Self.refusesWrites, "No space left on device"),
            (Self.refusesReads, "Bad file descriptor"),
        ] {
            let failure = #expect(throws: ImportFailure.self) {
                try fixture.importCatalog(keepsContent: false, spill: settings)
            }
            #expect(failure?.code == "system.temporary_file")
            #expect(failure?.file.hasSuffix("train_exercise_database_prod.xlsx") == true)
            #expect(failure?.message.hasPrefix("the check of sheet \"exercises\" could not finish: ") == true)
            #expect(failure?.message.contains(reason) == true, "\(failure?.message ?? "")")
        }
    }
}
