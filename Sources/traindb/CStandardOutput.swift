// C's `stdout` is a global variable, which Swift 6 will not touch under a plain import. This
// file imports the C library alone, as pre-concurrency, and traindb writes to standard output
// from its main thread only.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// C's standard output stream, the one `Swift.print` writes to as well.
enum CStandardOutput {
    /// Writes `count` bytes; false when the stream could not take them all (see `errno`).
    static func write(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        fwrite(bytes, 1, count, stdout) == count
    }

    /// Flushes the stream; false when that failed (see `errno`).
    static func flush() -> Bool {
        fflush(stdout) == 0
    }

    /// Whether any write to the stream has failed since the program started.
    static var hasFailed: Bool {
        ferror(stdout) != 0
    }
}
