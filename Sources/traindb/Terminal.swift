import Foundation
import OrderedJSON

/// Where `traindb` talks to people and scripts: results on standard output (a report, a table,
/// the `wrote FILE` line of a file a command made), diagnostics alone on standard error (errors,
/// a refused event), so `traindb … > result.txt` keeps the whole result and nothing else.
///
/// Standard output is C's `stdout` stream, whoever writes to it (`Swift.print` too). A write
/// that fails (a full disk, a closed file) is an error naming standard output, exit 2:
/// `write` reports it as soon as the stream does, and `TrainDB.main` flushes the stream and
/// checks it before any command's exit status is given.
enum Terminal {
    /// Writes `text` as it is on standard output.
    static func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes` on standard output.
    static func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        guard CStandardOutput.write(base, count: bytes.count) else { throw outputFailed(errno) }
    }

    /// Writes `value`'s JSON and a newline on standard output.
    static func printJSON(_ value: some Encodable, layout: JSONLayout) throws {
        try write(try OrderedJSONEncoder(layout: layout).encodeText(value) + "\n")
    }

    /// Flushes standard output; throws when anything written to it since the start was lost.
    static func flush() throws {
        guard CStandardOutput.flush() else { throw outputFailed(errno) }
        guard !CStandardOutput.hasFailed else { throw outputFailed(nil) }
    }

    private static func outputFailed(_ code: Int32?) -> CommandError {
        let reason = code.map { ": " + String(cString: strerror($0)) } ?? ""
        return CommandError(outputFailure, "cannot write to standard output\(reason); the output is incomplete")
    }

    private static let outputFailure = "output.failed"

    /// Whether `error` is a failed write to standard output (already said; flushing again
    /// would only fail again).
    static func isOutputFailure(_ error: (any Error)?) -> Bool {
        (error as? CommandError)?.diagnostics.contains { $0.code == outputFailure } == true
    }

    /// Whether the command has saved a change to a user's store: from then on its work is done,
    /// and output that cannot be written no longer makes it fail (exit 0, a warning on standard
    /// error), so that a script retrying failed commands never saves the change twice.
    nonisolated(unsafe) private(set) static var savedChange = false

    /// Records that the command's change is saved (see `savedChange`).
    static func changeSaved() {
        savedChange = true
    }

    /// The warning for output lost after a change was saved: the change is kept, the command
    /// is not to be run again.
    static func savedButUnconfirmed(_ error: CommandError) -> String {
        let reason = error.diagnostics.first?.message ?? "cannot write to standard output"
        return "traindb: warning[\(outputFailure)]: \(reason); the change was saved all the same "
            + "(exit 0): do not run the command again\n"
    }

    /// The result line of a command that wrote `path`, on standard output, unless standard
    /// output carries a document a script parses (JSON, CSV), which stays that document alone:
    /// the script named the file.
    static func wrote(_ path: String, _ details: String = "", besideDocument: Bool = false) throws {
        guard !besideDocument else { return }
        try write("wrote \(path)\(details)\n")
    }

    /// A diagnostic line on standard error (a refused event, say); never a result.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    /// Prints `error`'s lines on standard error.
    static func report(_ error: CommandError) {
        FileHandle.standardError.write(Data(error.rendered.utf8))
    }
}
