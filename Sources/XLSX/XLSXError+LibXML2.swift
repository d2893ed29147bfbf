import CLibXML2

extension XLSXError {
    /// The one place a libxml2 error becomes an `XLSXError`, naming the part and the line.
    static func libxml2(_ error: xmlError?, part: String) -> XLSXError {
        guard let error else {
            return XLSXError(.malformedXML, "\(shown(part)) is not well-formed XML", part: part)
        }
        // libxml2 messages may span lines ("…encoding !\nBytes: 0xE3 …"); keep one line.
        let reason = error.message.map { String(cString: $0) }?
            .trimmingTrailingWhitespace()
            .split(whereSeparator: \.isNewline).joined(separator: " ") ?? "parse error \(error.code)"
        let line = error.line > 0 ? Int(error.line) : nil
        let location = line.map { " at line \($0)" } ?? ""
        return XLSXError(.malformedXML, "\(shown(part)) is not well-formed XML\(location): \(shown(reason))",
                         part: part, line: line)
    }
}
