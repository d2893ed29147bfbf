import ErrorCodes

/// Why a workbook could not be read or written.
///
/// `code` is stable (tests and tooling match on it); `message` is one line for a person and
/// names the zip entry or package part at fault (`xl/worksheets/sheet1.xml`). It does not
/// repeat the workbook's path: callers know it and put it in front.
public struct XLSXError: CodedError, Equatable {
    /// The stable, machine-readable category, e.g. `zip.not_a_zip` or `xml.entity`.
    public var code: String { kind.code }
    /// A sentence a person understands, naming the entry or part at fault.
    public let message: String
    /// The zip entry or package part at fault, when there is one (`xl/worksheets/sheet1.xml`).
    public let part: String?
    /// The 1-based line in `part`, for XML errors.
    public let line: Int?
    /// The worksheet cell at fault, for errors in one cell's value (`part` is then its sheet).
    public let cell: CellReference?

    /// What kind of error it is: match on it (or on `code`), not on the message. Public as every
    /// TrainDB error's kind is (`ErrorCodes`), although the reader is the command line's and no
    /// app's: one rule for every library, and a tool built on the reader matches on it too.
    public let kind: Kind

    package init(
        _ kind: Kind, _ message: String, part: String? = nil, line: Int? = nil, cell: CellReference? = nil
    ) {
        self.kind = kind
        self.message = message
        self.part = part
        self.line = line
        self.cell = cell
    }

    public var description: String { "\(message) [\(code)]" }

    /// The kinds of error, each with its stable `code`.
    public enum Kind: Hashable, Sendable {
        case fileNotFound, fileUnreadable
        case emptyFile, notAZip, truncatedZip, corruptZip, encryptedEntry, unsupportedCompression
        case entryTooLarge, compressionRatio, missingPart
        case malformedXML, entityDeclaration, attributeDeclaration, tooManyAttributes
        case noWorkbook, missingRelationship
        case badCellReference, badSharedStringIndex, badNumber, numberOutOfRange, badBoolean
        case invalidSheetName, invalidCell, noSheets, noVisibleSheet, writeFailed
        case threadUnavailable

        var code: String {
            switch self {
            case .fileNotFound: "file.not_found"
            case .fileUnreadable: "file.unreadable"
            case .emptyFile: "zip.empty"
            case .notAZip: "zip.not_a_zip"
            case .truncatedZip: "zip.truncated"
            case .corruptZip: "zip.corrupt"
            case .encryptedEntry: "zip.encrypted"
            case .unsupportedCompression: "zip.unsupported_compression"
            case .entryTooLarge: "zip.too_large"
            case .compressionRatio: "zip.ratio"
            case .missingPart: "zip.missing_part"
            case .malformedXML: "xml.malformed"
            case .entityDeclaration: "xml.entity"
            case .attributeDeclaration: "xml.attribute_declaration"
            case .tooManyAttributes: "xml.too_many_attributes"
            case .noWorkbook: "package.no_workbook"
            case .missingRelationship: "package.missing_relationship"
            case .badCellReference: "sheet.bad_reference"
            case .badSharedStringIndex: "sheet.bad_shared_string"
            case .badNumber: "sheet.bad_number"
            case .numberOutOfRange: "sheet.number_out_of_range"
            case .badBoolean: "sheet.bad_boolean"
            case .invalidSheetName: "writer.sheet_name"
            case .invalidCell: "writer.cell"
            case .noSheets: "writer.no_sheets"
            case .noVisibleSheet: "writer.no_visible_sheet"
            case .writeFailed: "writer.failed"
            case .threadUnavailable: "system.thread"
            }
        }
    }
}
