// `xlsx-dump FILE`: the JSON `traindb xlsx dump FILE` prints, read and rendered by the same code
// (XLSXDump's `WorkbookDump`), in a program that links nothing but the reader. `make leaks` runs
// it under valgrind over hostile workbooks: valgrind reads a small binary in a fraction of the
// time it takes over the whole command line, which also links the server, SwiftNIO and BoringSSL.
// Exit status as traindb's: 0 read, 2 refused (the reason on standard error).
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif
import XLSXDump

struct OutputFailed: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "cannot write to standard output: " + String(cString: strerror(code)) }
}

/// Writes all of `bytes` on standard output.
@Sendable func writeOut(_ bytes: UnsafeRawBufferPointer) throws {
    var rest = bytes
    while let base = rest.baseAddress, !rest.isEmpty {
        let written = write(STDOUT_FILENO, base, rest.count)
        if written < 0 {
            if errno == EINTR { continue }
            throw OutputFailed(code: errno)
        }
        rest = UnsafeRawBufferPointer(rebasing: rest[written...])
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    fputs("usage: xlsx-dump FILE (the JSON of traindb xlsx dump FILE)\n", stderr)
    exit(2)
}
do {
    try WorkbookDump.dump(path: arguments[1], format: .json, write: writeOut)
} catch {
    fputs("xlsx-dump: \(arguments[1]): \(error)\n", stderr)
    exit(2)
}
