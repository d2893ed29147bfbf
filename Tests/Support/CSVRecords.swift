/// A strict RFC 4180 reader for tests, written from the RFC independently of any exporter:
/// records of fields separated by commas and ended by CRLF; a quoted field may hold commas, CR, LF and
/// doubled quotes. Throws on a quote inside an unquoted field or an unterminated quoted field.
public enum CSVRecords {
    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    /// The records of `text`, each a list of fields.
    public static func parse(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [Unicode.Scalar] = []
        var scalars = Array(text.unicodeScalars)[...]
        var quoted = false
        var startOfField = true
        func endField() {
            record.append(String(String.UnicodeScalarView(field)))
            field = []
            startOfField = true
        }
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.append("\"")
                        scalars.removeFirst()
                    } else {
                        quoted = false
                        guard scalars.isEmpty || scalars.first == "," || scalars.first == "\r" else {
                            throw Malformed(description: "text after a closing quote")
                        }
                    }
                } else {
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where startOfField:
                quoted = true
                startOfField = false
            case "\"":
                throw Malformed(description: "a quote inside an unquoted field")
            case ",":
                endField()
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed(description: "CR without LF") }
                endField()
                records.append(record)
                record = []
            case "\n":
                throw Malformed(description: "a bare LF ends a record")
            default:
                field.append(scalar)
                startOfField = false
            }
        }
        guard !quoted else { throw Malformed(description: "an unterminated quoted field") }
        guard record.isEmpty, field.isEmpty else { throw Malformed(description: "the last record has no CRLF") }
        return records
    }
}
