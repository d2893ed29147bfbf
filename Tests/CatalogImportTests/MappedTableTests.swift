import Testing

@testable import CatalogImport

/// The check's tables in pages of their own: a large one (2 MiB and more, mapped on a huge-page
/// boundary, its spare pages given back) holds every value, zero until written, to its last.
@Suite("mapped tables")
struct MappedTableTests {
    @Test("a table reads zero and keeps what is written, at any size", arguments: [1, 1_000, 524_288, 1_300_001])
    func keepsEveryValue(count: Int) {
        var table = MappedTable<UInt32>(zeroed: count)
        #expect(table.count == count)
        let probes = [0, count / 3, count / 2, count - 1]
        #expect(probes.allSatisfy { table[$0] == 0 })
        for index in probes { table[index] = UInt32(index) &+ 7 }
        // Every slot written, then read back: a page lost to the trimming would fault or read
        // zero.
        for index in 0..<count { table[index] = UInt32(truncatingIfNeeded: index &* 2_654_435_761) }
        var copy = table
        copy[count - 1] = 1
        #expect((0..<count).allSatisfy { table[$0] == UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) })
        #expect(copy[count - 1] == 1 && table[count - 1] != 1)
        #expect(count == 1 || copy[0] == table[0])
        table.prefetch(count - 1)
        table.prefetch(count)
    }
}
