import Foundation
import OrderedJSON

/// Where `traindb` talks to people and scripts: results on standard output, notes and errors
/// on standard error.
enum Terminal {
    /// Writes `value`'s JSON and a newline on standard output.
    static func printJSON(_ value: some Encodable, layout: JSONLayout) throws {
        print(try OrderedJSONEncoder(layout: layout).encodeText(value))
    }

    /// A line on standard error saying what a command did (`wrote … .sqlite`).
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    /// Prints `error`'s lines on standard error.
    static func report(_ error: CommandError) {
        FileHandle.standardError.write(Data(error.rendered.utf8))
    }
}
