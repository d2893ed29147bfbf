import XLSX

/// Text cells' strings, each written once, in first-use order.
struct SharedStringTable {
    private(set) var strings: [String] = []
    private var indexes: [String: Int] = [:]
    private(set) var references = 0

    mutating func index(of text: String) -> Int {
        references += 1
        if let index = indexes[text] { return index }
        indexes[text] = strings.count
        strings.append(text)
        return strings.count - 1
    }
}

extension SharedStringTable {
    var xml: String {
        var xml = WorkbookWriter.declaration
            + "<sst xmlns=\"\(WorkbookWriter.mainNamespace)\" count=\"\(references)\" uniqueCount=\"\(strings.count)\">"
        for text in strings {
            let preserve = text.first.map(\.isWhitespace) == true || text.last.map(\.isWhitespace) == true
                || text.contains("\n") || text.contains("\t")
            xml += preserve ? "<si><t xml:space=\"preserve\">" : "<si><t>"
            xml += WorkbookWriter.escaped(text, attribute: false) + "</t></si>"
        }
        return xml + "</sst>"
    }
}
