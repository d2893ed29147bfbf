import Foundation
import Testing
@testable import XLSX
import XLSXTestSupport

@Suite("Zip container")
struct ZipArchiveTests {
    @Test("a file that is not a zip is refused as not_a_zip")
    func notAZip() throws {
        let path = try TestFiles.write(Array("name,reps\nSquat,10\n".utf8), named: "exercises.xlsx")
        let error = xlsxError { _ = try Workbook(path: path) }
        #expect(error?.code == "zip.not_a_zip")
    }

    @Test("a legacy .xls / encrypted workbook (OLE2 file) is explained")
    func compoundFile() throws {
        let header: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        let path = try TestFiles.write(header + Array(repeating: 0, count: 504), named: "legacy.xls")
        let error = xlsxError { _ = try Workbook(path: path) }
        #expect(error?.code == "zip.not_a_zip")
        #expect(error?.message.contains("legacy .xls") == true)
    }

    @Test("an empty file is refused as empty")
    func emptyFile() throws {
        let path = try TestFiles.write([], named: "empty.xlsx")
        #expect(xlsxError { _ = try Workbook(path: path) }?.code == "zip.empty")
    }

    @Test("a missing file is reported as not found")
    func missingFile() {
        #expect(xlsxError { _ = try Workbook(path: TestFiles.path("nowhere.xlsx")) }?.code == "file.not_found")
    }

    @Test("a zip cut short is reported as truncated", arguments: [0.3, 0.6, 0.95])
    func truncated(fraction: Double) throws {
        let bytes = try TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\"><v>1</v></c></row>").zipBytes()
        let path = try TestFiles.write(Array(bytes.prefix(Int(Double(bytes.count) * fraction))), named: "cut.xlsx")
        #expect(xlsxError { _ = try Workbook(path: path) }?.code == "zip.truncated")
    }

    @Test("entries are found ignoring case, a leading slash and backslashes",
          arguments: ["xl/worksheets/sheet1.xml", "XL/Worksheets/Sheet1.XML", "/xl/worksheets/sheet1.xml",
                      "xl\\worksheets\\sheet1.xml"])
    func entryLookup(name: String) throws {
        let zip = try ZipWriter()
        try zip.add("xl\\Worksheets\\Sheet1.xml", text: "<worksheet/>")
        let path = try TestFiles.write(try zip.finishData(), named: "lookup.zip")
        let archive = try ZipArchive(path: path)
        #expect(archive.entry(named: name)?.uncompressedSize == 12)
        #expect(try archive.contents(of: name) == Array("<worksheet/>".utf8))
    }

    @Test("a package written with backslash entry names still opens")
    func backslashPackage() throws {
        var package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\"><v>5</v></c></row>")
        package.parts = package.parts.map { ($0.name.replacingOccurrences(of: "/", with: "\\"), $0.content) }
        #expect(try readCells(package.write()) == ["A1": .number(5)])
    }

    @Test("an entry declaring more than the size limit is refused before inflating")
    func declaredSizeBomb() throws {
        var bytes = try TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\"><v>1</v></c></row>").zipBytes()
        try ZipPatch.setDeclaredSize(of: "xl/worksheets/sheet1.xml", to: 0xF000_0000, in: &bytes)
        let path = try TestFiles.write(bytes, named: "declared-bomb.xlsx")
        let workbook = try Workbook(path: path)
        let sheet = try #require(workbook.sheets.first)
        let error = xlsxError { _ = try workbook.cursor(for: sheet) }
        #expect(error?.code == "zip.too_large")
        #expect(error?.part == "xl/worksheets/sheet1.xml")
        #expect(error?.message.contains("xl/worksheets/sheet1.xml") == true)
    }

    @Test("an entry compressed past the ratio limit is refused")
    func ratioBomb() throws {
        let path = try Self.zerosZip()
        let archive = try ZipArchive(path: path, limits: WorkbookLimits(maxCompressionRatio: 100))
        let error = xlsxError { _ = try archive.openEntry(named: "zeros.xml") }
        #expect(error?.code == "zip.ratio")
        #expect(error?.message.contains("zeros.xml") == true)
    }

    @Test("an entry claiming 200 MB from 1 KB compressed (far over 1000:1) is refused by default")
    func defaultRatioLimit() throws {
        // Deflating a real 200 MB would slow the suite; the header's claim is what is checked.
        var bytes = try Self.zerosZipBytes()
        try ZipPatch.setDeclaredSize(of: "zeros.xml", to: 200_000_000, in: &bytes)
        let archive = try ZipArchive(path: TestFiles.write(bytes, named: "ratio.zip"))
        #expect(xlsxError { _ = try archive.openEntry(named: "zeros.xml") }?.code == "zip.ratio")
    }

    @Test("an entry inflating past its declared size is corrupt, and not one byte more is inflated",
          arguments: [0, 100, 100_000, (1 << 20) - 1])
    func lyingSizeHeader(declared: Int) throws {
        var bytes = try Self.zerosZipBytes()
        try ZipPatch.setDeclaredSize(of: "zeros.xml", to: UInt32(declared), in: &bytes)
        let archive = try ZipArchive(path: TestFiles.write(bytes, named: "lying.zip"),
                                     limits: WorkbookLimits(maxCompressionRatio: 1e9))
        let reader = try archive.openEntry(named: "zeros.xml")
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        let error = xlsxError { while try reader.read(into: buffer) > 0 {} }
        #expect(error?.code == "zip.corrupt")
        #expect(error?.part == "zeros.xml")
        #expect(error?.message.contains("inflates past the \(declared) bytes its header declares") == true)
        #expect(reader.bytesRead == Int64(declared) + 1)
    }

    @Test("an entry shorter than its header says reads to its end")
    func overstatedSize() throws {
        var bytes = try Self.zerosZipBytes()
        try ZipPatch.setDeclaredSize(of: "zeros.xml", to: 2 << 20, in: &bytes)
        let archive = try ZipArchive(path: TestFiles.write(bytes, named: "long-claim.zip"),
                                     limits: WorkbookLimits(maxCompressionRatio: 1e9))
        #expect(try archive.contents(of: "zeros.xml").count == 1 << 20)
    }

    @Test("a sheet that inflates past the limit stops the cursor with zip.too_large")
    func sheetBombThroughCursor() throws {
        // Valid XML all the way, so only the size check can stop it.
        let padding = String(repeating: " ", count: 1 << 20)
        var package = TestPackage.singleSheet("<row r=\"1\"><c r=\"A1\"><v>1</v></c></row>" + padding)
        package["xl/sharedStrings.xml"] = nil
        let path = try package.write()
        let limits = WorkbookLimits(maxUncompressedSize: 256 << 10, maxCompressionRatio: 1e9)
        let workbook = try Workbook(path: path, limits: limits)
        var bytes = try package.zipBytes()
        try ZipPatch.setDeclaredSize(of: "xl/worksheets/sheet1.xml", to: 1000, in: &bytes)
        let lying = try Workbook(path: TestFiles.write(bytes, named: "lying-sheet.xlsx"), limits: limits)
        // Honest header: refused when the cursor is made.
        #expect(xlsxError { _ = try workbook.cursor(for: workbook.sheets[0]) }?.code == "zip.too_large")
        // Lying header: the first row arrives, then the declared size stops the stream.
        let cursor = try lying.cursor(for: lying.sheets[0])
        let error = xlsxError { while try cursor.next() != nil {} }
        #expect(error?.code == "zip.corrupt")
    }

    @Test("a part the workbook needs but the zip lacks names the part")
    func missingPart() throws {
        var package = TestPackage.singleSheet("")
        package["xl/worksheets/sheet1.xml"] = nil
        let workbook = try Workbook(path: package.write())
        let error = xlsxError { _ = try workbook.cursor(for: workbook.sheets[0]) }
        #expect(error?.code == "zip.missing_part")
        #expect(error?.part == "xl/worksheets/sheet1.xml")
        #expect(error?.message.contains("xl/worksheets/sheet1.xml") == true)
    }

    /// A zip with one entry, `zeros.xml`: 1 MiB of zeros, deflated about 1000:1.
    @Test("damaged compressed data says which entry could not be inflated and why", arguments: [
        (offset: 40, byte: UInt8(0xFF)), (offset: 300, byte: 0x00), (offset: 2_000, byte: 0x5A),
    ])
    func damagedDeflateStream(offset: Int, byte: UInt8) throws {
        let text = (0..<4_000).map { "<row r=\"\($0)\"><c><v>\($0 * 7919 % 10_007)</v></c></row>" }.joined()
        let zip = try ZipWriter()
        try zip.add("xl/worksheets/sheet1.xml", text: text)
        var bytes = try zip.finishData()
        // The local header: 30 bytes, then the name and the extra field, then the deflate stream.
        let dataStart = 30 + (Int(bytes[26]) | Int(bytes[27]) << 8) + (Int(bytes[28]) | Int(bytes[29]) << 8)
        for index in (dataStart + offset)..<(dataStart + offset + 16) { bytes[index] ^= byte | 0x01 }
        let archive = try ZipArchive(path: TestFiles.write(bytes, named: "damaged.zip"))
        let error = xlsxError { _ = try archive.contents(of: "xl/worksheets/sheet1.xml") }
        #expect(error?.code == "zip.corrupt")
        #expect(error?.part == "xl/worksheets/sheet1.xml")
        let message = error?.message ?? ""
        #expect(message.hasPrefix("zip entry xl/worksheets/sheet1.xml "), "\(message)")
        #expect(
            message.contains("cannot be inflated: its compressed data is damaged (Zlib error: ")
                || message.contains("do not match the checksum the zip records (CRC error)"), "\(message)")
    }

    static func zerosZipBytes() throws -> [UInt8] {
        let zip = try ZipWriter()
        try zip.add("zeros.xml", bytes: [UInt8](repeating: 0, count: 1 << 20), compression: .deflate(level: 9))
        return try zip.finishData()
    }

    static func zerosZip() throws -> String {
        try TestFiles.write(try zerosZipBytes(), named: "zeros.zip")
    }
}

/// Rewrites fields of a zip's central directory, to make hostile archives.
enum ZipPatch {
    struct EntryNotFound: Error {}

    /// Sets the uncompressed size the central directory declares for `name`.
    static func setDeclaredSize(of name: String, to size: UInt32, in bytes: inout [UInt8]) throws {
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let wanted = Array(name.utf8)
        var offset = 0
        while offset + 46 <= bytes.count {
            if Array(bytes[offset..<(offset + 4)]) == signature {
                let nameLength = Int(bytes[offset + 28]) | Int(bytes[offset + 29]) << 8
                let nameStart = offset + 46
                if nameStart + nameLength <= bytes.count, Array(bytes[nameStart..<(nameStart + nameLength)]) == wanted {
                    for index in 0..<4 { bytes[offset + 24 + index] = UInt8(truncatingIfNeeded: size >> (8 * index)) }
                    return
                }
            }
            offset += 1
        }
        throw EntryNotFound()
    }
}
