import Testing
@testable import CatalogImport

/// The uniqueness check's compact memory of a column: the same answers a dictionary gives, for
/// any number of values, any length and any text.
@Suite("first-row index")
struct FirstRowIndexTests {
    @Test func answersWhatADictionaryAnswersThroughEveryGrowth() {
        var index = FirstRowIndex()
        var expected: [String: UInt32] = [:]
        // 300,000 rows over 200,000 distinct values: the table grows many times, the pages
        // fill and roll over, and a third of the rows repeat an earlier value.
        for row in UInt32(2)..<300_002 {
            let value = "ex_\((UInt64(row) &* 2_654_435_761) % 200_000)"
            let first = index.firstRow(of: value, orRemember: row)
            #expect(first == expected[value], "row \(row), \(value)")
            if expected[value] == nil { expected[value] = row }
        }
        #expect(expected.count == 200_000)
    }

    @Test func comparesWholeValuesAsSwiftComparesText() {
        var index = FirstRowIndex()
        let long = String(repeating: "e", count: 70_000)  // past what a page entry holds
        let values = ["", "a", "ab", "abc", "é", "ée", "a\0b", "a\0c", long, long + "x"]
        for (offset, value) in values.enumerated() {
            #expect(index.firstRow(of: value, orRemember: UInt32(offset + 2)) == nil, "\(value.prefix(8))")
        }
        for (offset, value) in values.enumerated() {
            #expect(index.firstRow(of: value, orRemember: 99) == UInt32(offset + 2), "\(value.prefix(8))")
        }
        // The same accented letter written as "e" and a combining accent is the same value.
        #expect(index.firstRow(of: "e\u{301}", orRemember: 99) == 6)
        #expect(index.firstRow(of: "e\u{301}e", orRemember: 99) == 7)
        // Characters that are the same text as ASCII ones: the Kelvin sign is "K", the Greek
        // question mark ";".
        #expect(index.firstRow(of: "K", orRemember: 20) == nil)
        #expect(index.firstRow(of: "\u{212A}", orRemember: 21) == 20)
        #expect(index.firstRow(of: "a\u{37E}b", orRemember: 22) == nil)
        #expect(index.firstRow(of: "a;b", orRemember: 23) == 22)
    }

    /// Values whose hashes collide (here every value hashes to one of four slots) are still
    /// told apart by their bytes: each repeat finds its own first row, never a neighbour's.
    @Test func collidingValuesAreToldApartByTheirBytes() {
        var index = FirstRowIndex(hash: { $0.count & 3 })
        var expected: [String: UInt32] = [:]
        for row in UInt32(2)..<5_002 {
            let value = "id_\(row % 1_500)"
            #expect(index.firstRow(of: value, orRemember: row) == expected[value], "row \(row), \(value)")
            if expected[value] == nil { expected[value] = row }
        }
        // Same length, same hash, one byte apart.
        #expect(index.firstRow(of: "id_1499", orRemember: 9_000) == expected["id_1499"])
        #expect(index.firstRow(of: "id_9999", orRemember: 9_001) == nil)
        #expect(index.firstRow(of: "id_9999", orRemember: 9_002) == 9_001)
    }
}
