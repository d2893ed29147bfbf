#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import XLSX

/// A cell's number is read without `strtod` where it can be, and must be the very double
/// `strtod` reads: any difference in the last bit changes what a dump prints.
@Suite("number parsing")
struct NumberParsingTests {
    private static func parsed(_ text: String) -> Double? {
        let buffer = ByteBuffer()
        text.utf8.withContiguousStorageIfAvailable { buffer.append($0) }
        return DecimalParsing.double(buffer)
    }

    private static func strtodValue(_ text: String) -> Double { strtod(text, nil) }

    /// Fails with the text when the two readings differ in any bit.
    private static func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ours = parsed(text)
        let theirs = strtodValue(text)
        #expect(ours?.bitPattern == theirs.bitPattern, "\(text): \(String(describing: ours)) vs \(theirs)",
                sourceLocation: sourceLocation)
    }

    @Test func agreesWithStrtodOnEveryKindOfDoubleAWorkbookHolds() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<150_000 {
            // Any finite double, written as the shortest text (as Python and Swift write it),
            // with 17 significant digits (as Excel may), and with 16.
            let bits = UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator)
            let value = Double(bitPattern: bits)
            for text in [value.description, String(format: "%.16e", value), String(format: "%.15e", value),
                         String(format: "%.17g", value), "-" + value.description] {
                Self.expectSame(text)
                checked += 1
            }
        }
        for _ in 0..<100_000 {
            // Decimals of 1 to 19 digits at any scale, halfway cases included by chance.
            let digits = Int.random(in: 1...19, using: &generator)
            var mantissa = String(UInt64.random(in: 1...UInt64.max / 2, using: &generator)).prefix(digits)
            let point = Int.random(in: 0...mantissa.count, using: &generator)
            mantissa.insert(".", at: mantissa.index(mantissa.startIndex, offsetBy: point))
            Self.expectSame(String(mantissa) + "e" + String(Int.random(in: -330...310, using: &generator)))
            Self.expectSame(String(mantissa))
            checked += 2
        }
        #expect(checked == 950_000)
    }

    @Test func agreesWithStrtodAtTheEdges() {
        let edges = [
            // Exactly halfway between two doubles: ties go to the even one.
            "9007199254740993", "9007199254740995", "2.2250738585072011e-308", "2.2250738585072014e-308",
            "4.9406564584124654e-324", "1.7976931348623157e308", "1.7976931348623158e308",
            "0.1", "0.30000000000000004", "123456789012345678", "1234567890123456789", "1e23", "8.98846567431158e307",
            "5e-324", "1e-320", "1e308", "1e-400", "0.000000000000000000000000000001", "7.2057594037927933e16",
            "1.00000000000000011102230246251565404236316680908203125", "0e10", "-0", "0.0", "1.", ".5",
            "1E5", "1e+05", "2.5E-3", "18446744073709551615", "18446744073709551616e-20",
        ]
        for text in edges { Self.expectSame(text) }
        #expect(Self.parsed("-0")?.sign == .minus)
    }

    @Test func refusesWhatIsNotANumberAsBefore() {
        for text in ["", "-", ".", "e5", "1e", "1e+", "1.2.3", "abc", "0x10", "1,5", "nan", "inf", "1e5x", "--1"] {
            #expect(Self.parsed(text) == nil, "\(text)")
        }
        // Spaces around a number, which some writers leave, still read.
        #expect(Self.parsed(" 42 ") == 42)
        #expect(Self.parsed("1e999") == .infinity)
    }
}
