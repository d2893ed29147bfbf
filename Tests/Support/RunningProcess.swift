import Foundation

/// A program started and left running, read line by line while it works, and stopped from the
/// outside (a signal): what a test of durability needs that `Subprocess.run` cannot give.
public final class RunningProcess {
    private let process = Process()
    private let output = Pipe()
    private var buffer = Data()

    /// Starts `executable` with `arguments` in `directory`; standard error is discarded.
    public init(_ executable: URL, _ arguments: [String], in directory: URL = PackageRoot.url) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// The next line the program writes (without its newline), waiting for it; nil once the
    /// program has closed its output.
    public func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return String(decoding: line, as: UTF8.self)
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// Sends `signal` (SIGKILL: no chance to clean up) and waits for the program to end.
    public func kill(_ signal: Int32) {
        _ = Foundation.kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }

    /// Waits for the program to end; its exit status, or the signal that ended it.
    public func wait() -> (status: Int32, signalled: Bool) {
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }
}
