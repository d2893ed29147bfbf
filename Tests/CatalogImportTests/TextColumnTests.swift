import Testing

@testable import CatalogImport

/// What the swap-group rules keep per group: every text comes back as it was kept, nil and
/// empty included, from memory or from the temporary file past the memory limit.
@Suite("text column")
struct TextColumnTests {
    @Test func textsComeBackAsKeptFromMemoryAndFromDisk() throws {
        var column = TextColumn(memoryLimit: 0)
        func text(_ number: Int) -> String? {
            switch number % 7 {
            case 0: nil
            case 1: ""
            case 2: "Crème brûlée \(number)"
            default: "Bench Press \(number)"
            }
        }
        for number in 0..<50_000 { try column.append(text(number)) }
        let long = String(repeating: "x", count: SpillingByteStore.chunkSize)  // more than a chunk holds
        try column.append(long)
        #expect(column.hasSpilled && column.count == 50_001)
        for number in [0, 1, 2, 3, 9, 25_003, 49_999] {
            #expect(try column[number] == text(number), "\(number)")
        }
        #expect(try column[50_000] == long)
        #expect(try column.holds("Bench Press 3", at: 3) && !column.holds("bench press 3", at: 3))
        // Compared as Swift compares text: "é" as one character or as "e" and an accent.
        #expect(try column.holds("Cre\u{300}me brûlée 9", at: 9))
        #expect(try !column.holds("", at: 0) && column.holds("", at: 1))

        var copy = column
        try copy.append("only in the copy")
        try column.append("only in the original")
        #expect(try copy[50_001] == "only in the copy" && column[50_001] == "only in the original")
    }
}
