import Foundation
import Testing
@testable import XLSX

/// `XMLTokenizer` against libxml2, which it stands in for on ordinary parts: the same events for
/// every well-formed document, in any chunking, and a refusal for every malformed one.
@Suite("XML tokenizer against libxml2")
struct XMLTokenizerTests {
    /// Records events as lines; adjacent text pieces are joined (both parsers split text freely).
    final class EventLog: XMLContentHandler {
        var events: [String] = []
        private var text: [UInt8] = []

        private func flush() {
            if !text.isEmpty { events.append("text " + String(decoding: text, as: UTF8.self).debugDescription) }
            text = []
        }

        func startElement(_ name: XMLName, attributes: XMLAttributes) throws(XLSXError) {
            flush()
            var line = "<" + name.string
            for index in 0..<attributes.count {
                guard let attribute = attributes.base?[index] else { continue }
                let value = attributes.ampersandsAsReferences
                    ? XMLAttributes.decodedString(attribute.bytes) : String(decoding: attribute.bytes, as: UTF8.self)
                line += " " + attribute.localName.string + (attribute.namespaced ? "(ns)" : "") + "="
                    + value.debugDescription
            }
            events.append(line + ">")
        }

        func endElement(_ name: XMLName) throws(XLSXError) {
            flush()
            events.append("</" + name.string + ">")
        }

        func characters(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLSXError) {
            text.append(contentsOf: bytes)
        }

        func finish() -> [String] {
            flush()
            return events
        }
    }

    enum Outcome: Equatable, CustomStringConvertible {
        case events([String])
        case refused(code: String, line: Int?)

        var description: String {
            switch self {
            case .events(let events): events.joined(separator: " ")
            case .refused(let code, let line): "refused \(code) at line \(line.map(String.init) ?? "?")"
            }
        }

        var isRefused: Bool {
            if case .refused = self { return true }
            return false
        }
    }

    /// Parses `bytes` fed `size` bytes at a time, with the tokenizer (falling back to libxml2 as
    /// `XMLPushParser` does) or with libxml2 alone. Also says whether libxml2 took over.
    static func parse(_ bytes: [UInt8], chunk size: Int = 1 << 16, libxml2Only: Bool = false)
        -> (outcome: Outcome, usedLibXML2: Bool) {
        let log = EventLog()
        let tokenizing = XMLPushParser(part: "test.xml", handler: log)
        let libxml2 = libxml2Only ? try? LibXML2PushParser(part: "test.xml", handler: log) : nil
        do {
            try bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let piece = UnsafeRawBufferPointer(rebasing: raw[offset..<min(offset + size, raw.count)])
                    if let libxml2 { try libxml2.feed(piece) } else { try tokenizing.feed(piece) }
                    offset += size
                }
            }
            if let libxml2 { try libxml2.finish() } else { try tokenizing.finish() }
        } catch let error as XLSXError {
            return (.refused(code: error.code, line: error.line), libxml2Only || tokenizing.usesLibXML2)
        } catch {
            return (.refused(code: "\(error)", line: nil), libxml2Only || tokenizing.usesLibXML2)
        }
        return (.events(log.finish()), libxml2Only || tokenizing.usesLibXML2)
    }

    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
    static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

    /// Well-formed documents covering what the tokenizer reads itself.
    static let wellFormed: [String] = [
        declaration + "<worksheet xmlns=\"\(main)\"><sheetData><row r=\"1\" spans=\"1:2\">"
            + "<c r=\"A1\" t=\"s\"><v>0</v></c>"
            + "<c r=\"B1\" s=\"3\"><v>1.5E-3</v></c></row></sheetData></worksheet>",
        "<a/>",
        "\u{FEFF}<?xml version='1.0'?><a b='x\"y' c=\"it's\"/>",
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<a>\r\n line\rtwo\r\n</a>\r\n",
        "<a>Push &amp; Pull &lt;3 &gt; &quot;&apos; &#233;&#x1F600;&#38;&#x26;</a>",
        "<a v=\"&amp;&lt;&gt;&quot;&apos;&#233;&#x9;&#10;\" w=\"a&#38;#38;b\"/>",
        "<a v=\"tab\there\nnewline\r\ncrlf\rcr\"/>",
        "<x:a xmlns:x=\"urn:x\" x:b=\"1\" c=\"2\" xml:space=\"preserve\"><x:c y:d=\"3\" xmlns:y=\"urn:y\"/>"
            + "<e y:f=\"4\"/></x:a>",
        "<a xmlns:p=\"\" p:b=\"1\" q:c=\"2\"/>",
        "<a><![CDATA[<not> & markup ]] ]>\r\n]]><![CDATA[]]></a>",
        "<!-- before --><?pi data?><a><!-- in - side --><?target?><?t  x ?>text</a><!-- after --> <?pi?>\n",
        "<é ünïcode=\"ç\">日本語 😀</é>",
        "<a:b:c/>", "<a: x=\"1\"/>", "<:a/>", "<a:1b/>",
        "<a   b  =  \"1\"   ></a   >",
        "<a>]</a>", "<a>]]</a>", "<a>]>]</a>", "<a>x]]y</a>",
        "<row><c r=\"A1\" t=\"inlineStr\"><is><r><t xml:space=\"preserve\"> a </t></r>"
            + "<rPh><t>p</t></rPh></is></c></row>",
        "<a>" + String(repeating: "<b c=\"1\">text</b>", count: 300) + "</a>",
        "<a>" + String(repeating: "x", count: 70_000) + "</a>",
        "<a b=\"" + String(repeating: "y", count: 70_000) + "\"/>",
        "<a><!--" + String(repeating: "- ", count: 40_000) + "--></a>",
    ]

    @Test("well-formed documents give libxml2's events, whatever the chunk size", arguments: wellFormed)
    func sameEvents(document: String) throws {
        let bytes = Array(document.utf8)
        let expected = Self.parse(bytes, libxml2Only: true).outcome
        guard case .events = expected else {
            Issue.record("libxml2 refuses \(document.prefix(80)): \(expected)")
            return
        }
        for size in [1, 2, 3, 5, 64, 4096, 1 << 16] {
            let (outcome, usedLibXML2) = Self.parse(bytes, chunk: size)
            #expect(outcome == expected, "chunks of \(size)")
            #expect(!usedLibXML2, "chunks of \(size)")
        }
    }

    /// Malformed after the prolog: the tokenizer refuses these itself.
    static let malformed: [(document: String, line: Int)] = [
        ("<a><b></a>", 1), ("<a>\n<b>\n</c></b></a>", 3), ("<a></a><b/>", 1), ("<a/>text", 1), ("<a/></a>", 1),
        ("<a>&nope;</a>", 1), ("<a>&amp</a>", 1), ("<a>& </a>", 1), ("<a>&#0;</a>", 1), ("<a>&#xD800;</a>", 1),
        ("<a>&#x110000;</a>", 1), ("<a>&#12a;</a>", 1), ("<a>&#;</a>", 1), ("<a>\u{1}</a>", 1), ("<a>]]></a>", 1),
        ("<a b=\"1\" b=\"2\"/>", 1), ("<a x:b=\"1\" x:b=\"2\"/>", 1), ("<a xmlns:p=\"u\" xmlns:p=\"v\"/>", 1),
        ("<a b=\"<\"/>", 1), ("<a b=1/>", 1), ("<a b/>", 1), ("<a b=\"1\"c=\"2\"/>", 1), ("<a b=\"1\"", 1),
        ("<a/ >", 1), ("<a><!-- -- --></a>", 1), ("<a><!-- --->", 1), ("<a><?xml version=\"1.0\"?></a>", 1),
        ("<a><?XmL x?></a>", 1), ("<a><!DOCTYPE a></a>", 1), ("<a><![CDATA[x]]></b>", 1), ("<a><![CDATA[x", 1),
        ("<a><!-- x", 1), ("<a><?pi x", 1), ("<a>", 1), ("<a><b>\n\n", 3), ("<a></a>\n<!-- x -->\n<b/>", 3),
        ("<a>\u{FFFE}</a>", 1), ("<a><1b/></a>", 1), ("<a></a b>", 1), ("<a>< b/></a>", 1),
        ("<a b=\"\u{0}\"/>", 1), ("<a><?pi?x?></a>x", 1),
    ]

    @Test("malformed documents are refused as xml.malformed at the line libxml2 names",
          arguments: malformed.indices)
    func refused(index: Int) throws {
        let (document, line) = Self.malformed[index]
        let bytes = Array(document.utf8)
        let libxml2 = Self.parse(bytes, libxml2Only: true).outcome
        #expect(libxml2 == .refused(code: "xml.malformed", line: line), "libxml2 on \(document.debugDescription)")
        for size in [1, 3, 1 << 16] {
            let (outcome, usedLibXML2) = Self.parse(bytes, chunk: size)
            #expect(outcome == .refused(code: "xml.malformed", line: line),
                    "\(document.debugDescription), chunks of \(size)")
            #expect(!usedLibXML2)
        }
    }

    @Test("bytes that are not UTF-8 are refused", arguments: [
        [0xC3], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF8, 0x88, 0x80, 0x80], [0x80], [0xC3, 0x28], [0xEF, 0xBF, 0xBF],
    ] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) throws {
        for document in [Array("<a>".utf8) + sequence + Array("</a>".utf8),
                         Array("<a b=\"".utf8) + sequence + Array("\"/>".utf8)] {
            #expect(Self.parse(document, libxml2Only: true).outcome.isRefused)
            #expect(Self.parse(document, chunk: 1).outcome == .refused(code: "xml.malformed", line: 1))
        }
    }

    @Test("parts with a DTD, another encoding or an unusual declaration go to libxml2, before any event",
          arguments: [
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>caf\u{E9}</a>",
            "<?xml version=\"1.0\"?><!DOCTYPE a><a/>",
            "<?xml version=\"1.0\"?><!DOCTYPE a [<!ELEMENT a ANY>]><a>x</a>",
            "<?xml version=\"1.1\"?><a/>",
            "<?xml  version=\"1.0\"   encoding=\"UTF-8\" foo=\"1\"?><a/>",
            "<!-- -- --><a/>", "text<a/>", "", "   ", "<!-- only -->",
          ])
    func fallsBack(document: String) throws {
        let bytes = document.hasPrefix("<?xml version=\"1.0\" encoding=\"ISO")
            ? Array(document.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }) : Array(document.utf8)
        let expected = Self.parse(bytes, libxml2Only: true).outcome
        for size in [1, 1 << 16] {
            let (outcome, usedLibXML2) = Self.parse(bytes, chunk: size)
            #expect(usedLibXML2)
            #expect(outcome == expected)
        }
    }

    @Test("a UTF-16 part goes to libxml2 and reads the same")
    func utf16() throws {
        let document = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a b=\"é\">日本</a>"
        let bytes: [UInt8] = [0xFF, 0xFE] + document.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let (outcome, usedLibXML2) = Self.parse(bytes)
        #expect(usedLibXML2)
        #expect(outcome == .events(["<a b=\"é\">", "text \"日本\"", "</a>"]))
    }

    /// Deterministic pseudo-random numbers, so a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let seeds: [String] = [
        declaration + "<worksheet xmlns=\"\(main)\" xmlns:r=\"urn:r\"><sheetData><row r=\"2\">"
            + "<c r=\"A2\" t=\"s\" s=\"1\">"
            + "<v>12</v></c><c r=\"B2\" t=\"inlineStr\"><is><t xml:space=\"preserve\"> a&amp;b </t></is></c>"
            + "<c r=\"C2\"><f>SUM(A1:A2)</f><v>3</v></c></row></sheetData></worksheet>",
        "<sst count=\"2\"><si><t>caf\u{E9} &#x1F600; &lt;b&gt;</t></si><si><r><rPr><b/></rPr><t>x</t></r>"
            + "<rPh sb=\"0\"><t>y</t></rPh></si></sst>",
        "<a><!-- c --><?p d?><![CDATA[ ]] > ]]><b x='1' y=\"2\"/>\r\n<c>\u{65E5}</c></a>",
        declaration + "<!-- p --><?pi x?>\n<x:root xmlns:x=\"u\" a=\"&amp;&#10;\t\" x:b='c'><x:c/><d>t&#x41;</d>"
            + "</x:root>\n<!-- e -->",
    ]

    @Test("thousands of mutated documents: the tokenizer refuses what libxml2 refuses and agrees on the rest")
    func mutations() throws {
        let alphabet: [UInt8] = Array("<>/&;\"'=:-]!?#xa \r\n\t".utf8)
            + [0x00, 0x01, 0x80, 0xC3, 0xA9, 0xEF, 0xBF, 0xBE]
        var random = Random(state: UInt64(ProcessInfo.processInfo.environment["XML_FUZZ_SEED"] ?? "") ?? 0x5EED)
        let rounds = Int(ProcessInfo.processInfo.environment["XML_FUZZ_ROUNDS"] ?? "") ?? 8_000
        var accepted = 0
        var disagreements: [String] = []
        for round in 0..<rounds {
            var bytes = Array(Self.seeds[round % Self.seeds.count].utf8)
            for _ in 0..<(1 + random.next(3)) {
                let at = random.next(bytes.count)
                switch random.next(5) {
                case 0: bytes[at] = alphabet[random.next(alphabet.count)]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(alphabet[random.next(alphabet.count)], at: at)
                case 3:
                    let length = min(1 + random.next(12), bytes.count - at)
                    bytes.insert(contentsOf: bytes[at..<(at + length)], at: at)
                default:
                    let length = min(1 + random.next(6), bytes.count - at)
                    bytes.removeSubrange(at..<(at + length))
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "<")] }
            }
            // Against libxml2 fed the whole document: in small pieces its push parser misreads a
            // few documents (it takes `<!-->` for a whole comment). Where the tokenizer hands the
            // part over, libxml2 fed the same pieces must give the same outcome in every respect.
            let size = 1 + random.next(40)
            let (outcome, handedOver) = Self.parse(bytes, chunk: size)
            let expected = Self.parse(bytes, chunk: handedOver ? size : bytes.count, libxml2Only: true).outcome
            let agrees = expected.isRefused ? outcome.isRefused : outcome == expected
            if !agrees && disagreements.count < 10 {
                disagreements.append(String(decoding: bytes, as: UTF8.self).debugDescription
                                     + "\n  libxml2: \(expected)\n  tokenizer: \(outcome)")
            }
            if !expected.isRefused { accepted += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Enough of the mutants stay well-formed for the comparison of events to mean something.
        #expect(accepted > rounds / 20)
    }
}
