/// A workbook's shared strings, packed: the UTF-8 of each one after another in one buffer, and
/// where each ends. A catalogue that grew holds hundreds of thousands of distinct strings (its
/// ids and names, as Excel and XlsxWriter store text); packed they cost their bytes and four
/// more each, where a `String` each costs five or six times that. A cell gets its own `String`
/// when it is read.
package struct SharedStrings: RandomAccessCollection, Sendable {
    /// The strings' UTF-8, `_xHHHH_` escapes decoded.
    private var bytes: [UInt8] = []
    /// Where each string ends in `bytes`; it starts where the previous one ends. 32 bits hold
    /// it: the part is at most `WorkbookLimits.maxUncompressedSize` (2 GiB), and decoding an
    /// escape only shortens the text.
    private var ends: [UInt32] = []

    init() {}

    /// Room for `byteCount` bytes and `count` strings, each bounded: both come from the file.
    /// Pages reserved and never written are never resident.
    mutating func reserve(byteCount: Int, count: Int) {
        bytes.reserveCapacity(Swift.min(byteCount, 64 << 20))
        ends.reserveCapacity(Swift.min(count, 1 << 20))
    }

    /// Appends the string whose text, as the XML gave it, is `text`.
    mutating func append(escaped text: UnsafeBufferPointer<UInt8>) {
        ExcelTextEscape.appendDecoded(text, to: &bytes)
        ends.append(UInt32(bytes.count))
    }

    /// The strings' UTF-8 one after another, and where each ends (string `i` starts where
    /// string `i - 1` ends): for a reader in another module that reads many strings' bytes in
    /// place, without a call for each.
    package var utf8: (bytes: [UInt8], ends: [UInt32]) { (bytes, ends) }

    package var startIndex: Int { 0 }
    package var endIndex: Int { ends.count }

    /// The bytes of string `index`, lent to `body`.
    @inline(__always)
    package func withUTF8<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        let end = Int(ends[index])
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// String `index`, made when asked for.
    @inline(__always)
    package subscript(index: Int) -> String {
        withUTF8(index) { String(decoding: $0, as: UTF8.self) }
    }
}
