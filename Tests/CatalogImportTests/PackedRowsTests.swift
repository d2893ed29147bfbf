import Foundation
import TestSupport
import Testing
import XLSX
import XLSXTestSupport

@testable import CatalogImport

/// The exercises sheet is checked from its rows as the reader packs them (text read in place,
/// `PackedRows`); the other sheets from rows of values. The same sheet read either way must
/// give the same cells, the same values and the same problems at the same cells, whatever its
/// cells hold and whether its text is shared or inline.
@Suite("packed rows")
struct PackedRowsTests {
    /// A sheet of the exercises' columns whose cells are each read a way of their own: plain
    /// text (read in place), and text that is not (spaces around it, white space only, empty,
    /// a tab, a line break, accents, an emoji), numbers as text, fractions, dates, booleans as
    /// numbers, text and TRUE/FALSE, errors, lists with odd spacing, unknown and misspelt
    /// lookup values, repeated ids and names, and a value in a column without a header.
    static var rows: [[CellValue?]] {
        let header = WorkbookContract.exerciseColumns.map { CellValue.text($0.name) }
        func row(
            _ id: CellValue?, _ name: CellValue?, _ group: CellValue? = .text("Bench Press"),
            category: CellValue? = .text("Barbells"), item: CellValue? = nil, primary: CellValue? = .text("Chest"),
            secondary: CellValue? = .text("Triceps, Shoulders"), pattern: CellValue? = .text("Horizontal Push"),
            complexity: CellValue? = .number(2), tier: CellValue? = .number(1), isolation: CellValue? = .number(0),
            programme: CellValue? = .number(1), steps: [CellValue?] = [.text("Set up."), .text("Press.")],
            extra: [CellValue?] = []
        ) -> [CellValue?] {
            [id, name, group, category, item, primary, secondary, pattern, complexity, tier, isolation, programme]
                + steps + Array(repeating: nil, count: 6 - steps.count) + extra
        }
        return [
            header,
            row(.text("bench_press"), .text("Bench Press")),
            row(.text("bench_press_2 "), .text(" Bench Press Two"), .text("Bench Press ")),
            row(.text("   "), .text("Blank Id")),
            row(.text(""), .text("Empty Id"), .text("")),
            row(.text("tabbed"), .text("Tab\there"), steps: [.text("Line\nbreak"), .text("Fine.")]),
            row(.text("accented"), .text("Développé couché"), .text("Développé"), primary: .text("Pectoraux")),
            row(.text("emoji"), .text("Press 💪"), steps: [.text("Go 💪"), nil, .text("Gap before me.")]),
            row(.text("BENCH_PRESS"), .text("bench  press"), category: .text("barbells"), primary: .text("chest")),
            row(
                .text("text_numbers"), .text("Text Numbers"), complexity: .text("3"), tier: .text(" 1 "),
                isolation: .text("1"), programme: .text("0")),
            row(
                .text("fractions"), .text("Fractions"), complexity: .number(2.5), tier: .date(serial: 45_000),
                isolation: .number(2), programme: .boolean(true)),
            row(.text("booleans"), .text("Booleans"), isolation: .boolean(false), programme: .text("yes")),
            row(.error("#N/A"), .text("Error Id"), .error("#REF!"), complexity: .error("#DIV/0!")),
            row(.text("lists"), .text("Lists"), secondary: .text(" Triceps ,Shoulders ,, ")),
            row(.text("list_primary"), .text("List Primary"), secondary: .text("Chest, Triceps, triceps")),
            row(
                .text("unknown"), .text("Unknown"), category: .text("Barbel"), item: .text("Flat Bench"),
                primary: .text("Chets"), pattern: .text("horizontal  push")),
            row(.text("Not Snake"), .text("Not Snake"), extra: [.text("stray"), .number(7)]),
            row(.text("numbers_as_names"), .number(42), .number(7), primary: .number(1)),
            row(
                nil, nil, nil, category: nil, primary: nil, secondary: nil, pattern: nil, complexity: nil,
                tier: nil, isolation: nil, programme: nil, steps: [.text("  ")]),
            row(.text("last"), .text("Last"), steps: [.text(String(repeating: "Long step. ", count: 30))]),
        ]
    }

    /// Every lookup the contract names, answered by one list of the values the rows mean.
    static var lookups: [ColumnSpec.Lookup: LookupIndex] {
        let values = [
            "Barbells", "Dumbbells", "Flat Bench", "Chest", "Triceps", "Shoulders", "Horizontal Push", "1", "2", "3",
        ]
        var lookups: [ColumnSpec.Lookup: LookupIndex] = [:]
        for spec in ExerciseColumn.contract {
            guard let lookup = spec.lookup else { continue }
            lookups[lookup] = LookupIndex(source: lookup.description, values: values)
        }
        return lookups
    }

    /// What one reading of the sheet gives: each record's number and cells, each parsed value,
    /// and the problems.
    struct Reading: Equatable {
        var cells: [[String]] = []
        var values: [[FieldValue?]] = []
        var problems: [Problem] = []
    }

    /// `fetchingAheadFrom: 0`: the next row's uniqueness lookups are started ahead, as in a
    /// long sheet's large tables (`SheetValidator.startNextLookups`).
    static func read(_ path: String, streaming: Bool, fetchingAheadFrom: Int? = nil) throws -> Reading {
        let workbook = try Workbook(path: path)
        guard let info = workbook.sheet(named: "exercises") else { throw CocoaError(.fileReadCorruptFile) }
        var reading = Reading()
        let table = try SheetTable(
            workbook: workbook, info: info, file: "exercises.xlsx", streaming: streaming, problems: &reading.problems)
        var validator = SheetValidator<ExerciseColumn>(
            table: table, specs: ExerciseColumn.contract, lookups: lookups,
            fetchingAheadFrom: fetchingAheadFrom ?? FirstRowIndex.defaultFetchingAheadFrom)
        let unheaded = FieldReader(table: table)
        try table.forEachRecord { record in
            table.valuesWithoutHeader(record, unheaded)
            reading.cells.append(["\(record.number)"] + record.cells.map { "\($0.reference.a1)=\($0.value)" })
            let parsed = try validator.validate(record)
            reading.values.append(parsed.columns.indices.map { parsed[slot: $0] })
        }
        reading.problems += unheaded.problems + validator.problems
        return reading
    }

    @Test(
        "a streamed sheet reads as a held one, its text shared or inline, its lookups started ahead or not",
        arguments: [false, true], [false, true])
    func streamedReadsAsHeld(inline: Bool, fetchingAhead: Bool) throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("exercises.xlsx")
            // Text shared, as Excel and XlsxWriter write it, or inline, as some programs do.
            let writer = WorkbookWriter(
                sheets: [WorkbookWriter.Sheet(name: "exercises", rows: Self.rows)], inlineText: inline)
            try writer.write(to: path)
            let held = try Self.read(path, streaming: false)
            let streamed = try Self.read(path, streaming: true, fetchingAheadFrom: fetchingAhead ? 0 : nil)
            #expect(held.cells.count == Self.rows.count - 2, "every row but the header and the blank one")
            #expect(held.problems.count > 25, "the sheet's cells are meant to be reported")
            // The first row that differs, shown alone.
            let cells = zip(streamed.cells, held.cells).first { $0 != $1 }
            let values = zip(streamed.values, held.values).enumerated().first { $1.0 != $1.1 }
            let problems = zip(streamed.problems, held.problems).first { $0 != $1 }
            #expect(streamed.cells.count == held.cells.count && cells == nil, "\(String(describing: cells))")
            #expect(streamed.values.count == held.values.count && values == nil, "\(String(describing: values))")
            #expect(
                streamed.problems.count == held.problems.count && problems == nil, "\(String(describing: problems))")
        }
    }
}
