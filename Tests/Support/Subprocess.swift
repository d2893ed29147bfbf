import Foundation

/// Runs a program to completion and captures what it writes.
///
/// Standard output, standard error and standard input are served at the same time, each on
/// its own thread, so a child that fills one pipe (more than 64 KB of errors, say) while the
/// test reads another never blocks either side.
public enum Subprocess {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable`. Standard output goes to `outputFile` when given (`/dev/full`, say),
    /// and standard input comes from `inputFile` when given (a directory, say), instead of the
    /// pipes that capture `stdout` and feed `input`.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL = PackageRoot.url, input: String? = nil,
        outputFile: FileHandle? = nil, inputFile: FileHandle? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = outputFile ?? stdout
        process.standardError = stderr
        process.standardInput = inputFile ?? stdin
        try process.run()
        // A pipe the child was not given has its writing end open only here.
        if outputFile != nil { try? stdout.fileHandleForWriting.close() }

        let errors = OnItsOwnThread { stderr.fileHandleForReading.readDataToEndOfFile() }
        let feeding = OnItsOwnThread {
            if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
            try? stdin.fileHandleForWriting.close()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errorOutput = errors.result()
        feeding.result()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errorOutput, as: UTF8.self))
    }
}

/// Work started on a thread of its own at once; `result()` waits for it.
private final class OnItsOwnThread<Value>: @unchecked Sendable {
    private let work: () -> Value
    private var value: Value?
    private let finished = DispatchSemaphore(value: 0)

    init(_ work: @escaping () -> Value) {
        self.work = work
        Thread { [self] in
            value = self.work()
            finished.signal()
        }.start()
    }

    @discardableResult
    func result() -> Value {
        finished.wait()
        finished.signal()
        guard let value else { preconditionFailure("the thread sets its value before it signals") }
        return value
    }
}
