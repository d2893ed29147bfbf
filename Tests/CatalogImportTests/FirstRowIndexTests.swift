import Testing

@testable import CatalogImport

/// The uniqueness check's compact memory of a column: the same answers a dictionary gives, for
/// any number of values, any length and any text.
@Suite("first-row index")
struct FirstRowIndexTests {
    @Test func answersWhatADictionaryAnswersThroughEveryGrowth() throws {
        var index = FirstRowIndex()
        var expected: [String: UInt32] = [:]
        // 300,000 rows over 200,000 distinct values: the table grows many times, the pages
        // fill and roll over, and a third of the rows repeat an earlier value.
        for row in UInt32(2)..<300_002 {
            let value = "ex_\((UInt64(row) &* 2_654_435_761) % 200_000)"
            let first = try index.firstRow(of: value, orRemember: row)
            #expect(first == expected[value], "row \(row), \(value)")
            if expected[value] == nil { expected[value] = row }
        }
        #expect(expected.count == 200_000)
    }

    /// Past its memory limit the index keeps its oldest values in a temporary file: a value
    /// first seen there is still found, with its row, when it comes back tens of thousands of
    /// rows later, and values that differ are still told apart. Here every value has the same
    /// 16 bits of hash that the table keeps, so every probe reads the value it meets, from the
    /// file for the old ones.
    @Test func valuesKeptOnDiskAreFoundExactly() throws {
        var index = FirstRowIndex(memoryLimit: 0, hash: { FirstRowIndex.seededHash($0) & ~0xFFFF })
        for row in UInt32(2)..<60_002 {
            #expect(try index.firstRow(of: "exercise_\(row)", orRemember: row) == nil)
        }
        #expect(index.hasSpilled)
        // The first values went to the file long ago; the table grew a dozen times since.
        #expect(try index.firstRow(of: "exercise_2", orRemember: 200_000) == 2)
        #expect(try index.firstRow(of: "exercise_77", orRemember: 200_001) == 77)
        #expect(try index.firstRow(of: "exercise_60001", orRemember: 200_002) == 60_001)
        #expect(try index.firstRow(of: "exercise_0", orRemember: 200_003) == nil)
        #expect(try index.firstRow(of: "exercise_0", orRemember: 200_004) == 200_003)

        // Every value hashing alike: each repeat still finds its own first row.
        var colliding = FirstRowIndex(memoryLimit: 0, hash: { _ in 42 })
        for row in UInt32(2)..<1_202 {
            #expect(try colliding.firstRow(of: "id_\(row % 600)", orRemember: row) == (row < 602 ? nil : row - 600))
        }
    }

    /// A value looked up normalised is the value `SheetTable.normalise` makes of it: case and
    /// runs of white space do not tell two values apart, other characters do.
    @Test func normalisedValuesMatchAsTheSheetNormalisesThem() throws {
        var index = FirstRowIndex()
        #expect(try index.firstRow(ofNormalised: "Bench Press", orRemember: 2) == nil)
        #expect(try index.firstRow(ofNormalised: "  BENCH \t\r\n press ", orRemember: 3) == 2)
        #expect(try index.firstRow(of: "bench press", orRemember: 4) == 2)
        #expect(try index.firstRow(ofNormalised: "Bench-Press", orRemember: 5) == nil)
        #expect(try index.firstRow(ofNormalised: "Crème  BRÛLÉE", orRemember: 6) == nil)
        #expect(try index.firstRow(ofNormalised: "crème brûlée", orRemember: 7) == 6)
        #expect(try index.firstRow(ofNormalised: "   ", orRemember: 8) == nil)
        #expect(try index.firstRow(of: "", orRemember: 9) == 8)
    }

    /// A copy of an index answers for the values it was given, whatever its original is given
    /// after the copy.
    @Test func aCopyKeepsItsOwnValues() throws {
        var index = FirstRowIndex(memoryLimit: 0)
        for row in UInt32(2)..<40_002 { _ = try index.firstRow(of: "value \(row)", orRemember: row) }
        var copy = index
        #expect(try index.firstRow(of: "only in the original", orRemember: 70_000) == nil)
        for row in UInt32(40_002)..<80_002 { _ = try index.firstRow(of: "value \(row)", orRemember: row) }
        #expect(try copy.firstRow(of: "only in the original", orRemember: 70_001) == nil)
        #expect(try copy.firstRow(of: "value 60000", orRemember: 70_002) == nil)
        #expect(try copy.firstRow(of: "value 5", orRemember: 70_003) == 5)
        #expect(try index.firstRow(of: "value 60000", orRemember: 70_004) == 60_000)
        #expect(try index.firstRow(of: "only in the original", orRemember: 70_005) == 70_000)
    }

    @Test func comparesWholeValuesAsSwiftComparesText() throws {
        var index = FirstRowIndex()
        let long = String(repeating: "e", count: 70_000)  // past what a page entry holds
        let values = ["", "a", "ab", "abc", "é", "ée", "a\0b", "a\0c", long, long + "x"]
        for (offset, value) in values.enumerated() {
            #expect(try index.firstRow(of: value, orRemember: UInt32(offset + 2)) == nil, "\(value.prefix(8))")
        }
        for (offset, value) in values.enumerated() {
            #expect(try index.firstRow(of: value, orRemember: 99) == UInt32(offset + 2), "\(value.prefix(8))")
        }
        // The same accented letter written as "e" and a combining accent is the same value.
        #expect(try index.firstRow(of: "e\u{301}", orRemember: 99) == 6)
        #expect(try index.firstRow(of: "e\u{301}e", orRemember: 99) == 7)
        // Characters that are the same text as ASCII ones: the Kelvin sign is "K", the Greek
        // question mark ";".
        #expect(try index.firstRow(of: "K", orRemember: 20) == nil)
        #expect(try index.firstRow(of: "\u{212A}", orRemember: 21) == 20)
        #expect(try index.firstRow(of: "a\u{37E}b", orRemember: 22) == nil)
        #expect(try index.firstRow(of: "a;b", orRemember: 23) == 22)
    }

    /// A lookup started ahead (`startLookup`, the next row's value, its hash then handed to the
    /// lookup) answers as one that hashes its value itself: the hash is the normalised value's,
    /// as the lookup's own, and none is made for what the lookup does not hash as bytes.
    @Test func aLookupStartedAheadAnswersAsAnyOther() throws {
        var index = FirstRowIndex(fetchingAheadFrom: 0)
        var plain = FirstRowIndex()
        let empty = [UInt8]().withUnsafeBufferPointer { index.startLookup(ofNormalisedUTF8: $0) }
        #expect(empty == nil, "nothing to fetch in an empty table")
        for row in UInt32(2)..<30_002 {
            let value = row % 3 == 0 ? "Extra  \((row * 7) % 20_000)" : "extra_\((row * 13) % 20_000)"
            var bytes = Array(value.utf8)
            let (started, first) = try bytes.withUnsafeBufferPointer { bytes in
                let hashed = index.startLookup(ofNormalisedUTF8: bytes)
                return (hashed, try index.firstRow(ofNormalisedUTF8: bytes, orRemember: row, hashed: hashed))
            }
            #expect(row == 2 || started != nil)
            let expected = try plain.firstRow(ofNormalised: value, orRemember: row)
            #expect(first == expected, "row \(row), \(value)")
            bytes = Array("Développé \(row)".utf8)
            #expect(bytes.withUnsafeBufferPointer { index.startLookup(ofNormalisedUTF8: $0) } == nil)
        }
        // A table that fits the caches is not fetched ahead: its lookups hash their own values.
        var small = FirstRowIndex()
        _ = try small.firstRow(of: "x", orRemember: 2)
        #expect(!small.fetchesAhead && index.fetchesAhead)
        #expect(Array("y".utf8).withUnsafeBufferPointer { small.startLookup(ofNormalisedUTF8: $0) } == nil)
        // The hash is the normalised value's: "A  B" is looked up as "a b".
        var counting = FirstRowIndex(hash: { $0.count }, fetchingAheadFrom: 0)
        _ = try counting.firstRow(of: "x", orRemember: 2)
        #expect(Array("A  B".utf8).withUnsafeBufferPointer { counting.startLookup(ofNormalisedUTF8: $0) } == 3)
        #expect(Array("a b".utf8).withUnsafeBufferPointer { counting.startLookup(ofNormalisedUTF8: $0) } == 3)
    }

    /// A lookup started with its normalised bytes kept (`startLookup(…keepingIn:)`) answers from
    /// them as one that reads and normalises its value itself; a value longer than the room
    /// given is not kept, and its lookup normalises it.
    @Test func aLookupStartedWithItsBytesKeptAnswersAsAnyOther() throws {
        var index = FirstRowIndex(fetchingAheadFrom: 0)
        var plain = FirstRowIndex()
        let room = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 12)
        defer { room.deallocate() }
        _ = try index.firstRow(of: "first", orRemember: 1)
        var keptCount = 0
        for row in UInt32(2)..<20_002 {
            // Spelt three ways, some longer than the room: "Extra  7", "extra 7", "EXTRA_SET 7".
            let number = (row * 7) % 6_000
            let value = ["Extra  \(number)", "extra \(number)", "EXTRA_SET \(number)"][Int(row % 3)]
            let expected = try plain.firstRow(ofNormalised: value, orRemember: row)
            let first = try Array(value.utf8).withUnsafeBufferPointer { bytes -> UInt32? in
                let lookup = index.startLookup(ofNormalisedUTF8: bytes, keepingIn: room)
                let started = try #require(lookup)
                guard let kept = started.kept else {
                    #expect(bytes.count > room.count, "\(value) fits the room")
                    return try index.firstRow(ofNormalisedUTF8: bytes, orRemember: row, hashed: started.hash)
                }
                keptCount += 1
                #expect(Array(room[0..<kept]) == Array(SheetTable.normalise(value).utf8))
                return try index.firstRow(
                    ofStarted: UnsafeBufferPointer(rebasing: room[0..<kept]), orRemember: row, hashed: started.hash)
            }
            #expect(first == expected, "row \(row), \(value)")
        }
        #expect(keptCount > 10_000)
        // What the lookup would not hash as bytes is not started.
        let accented = Array("Développé".utf8).withUnsafeBufferPointer {
            index.startLookup(ofNormalisedUTF8: $0, keepingIn: room)
        }
        #expect(accented == nil)
    }

    /// Values whose hashes collide (here every value hashes to one of four slots) are still
    /// told apart by their bytes: each repeat finds its own first row, never a neighbour's.
    @Test func collidingValuesAreToldApartByTheirBytes() throws {
        var index = FirstRowIndex(hash: { $0.count & 3 })
        var expected: [String: UInt32] = [:]
        for row in UInt32(2)..<5_002 {
            let value = "id_\(row % 1_500)"
            #expect(try index.firstRow(of: value, orRemember: row) == expected[value], "row \(row), \(value)")
            if expected[value] == nil { expected[value] = row }
        }
        // Same length, same hash, one byte apart.
        #expect(try index.firstRow(of: "id_1499", orRemember: 9_000) == expected["id_1499"])
        #expect(try index.firstRow(of: "id_9999", orRemember: 9_001) == nil)
        #expect(try index.firstRow(of: "id_9999", orRemember: 9_002) == 9_001)
    }
}
