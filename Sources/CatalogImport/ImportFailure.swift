import ErrorCodes

/// The import could not run at all: a workbook is missing, is not an xlsx, or a part of it
/// cannot be read. Distinct from `Problem`s, which are faults in readable data.
public struct ImportFailure: CodedError, Hashable {
    /// Stable, e.g. `file.missing`, `zip.not_a_zip`, `xml.malformed`.
    public var code: String
    /// The workbook, as the user named it.
    public var file: String
    public var message: String

    public init(code: String, file: String, message: String) {
        self.code = code
        self.file = file
        self.message = message
    }

    /// The message, after the workbook it concerns.
    public var diagnostics: [Diagnostic] { [Diagnostic(code: code, message: "\(file): \(message)")] }

    public var description: String { "\(file): \(message)" }
}
