import Foundation

/// Runs the built `traindb` executable the way a user or CI would, and captures what it says.
struct TraindbProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `traindb` sits beside the test bundle in the build products folder.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("traindb")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/traindb")
    }

    static func run(_ arguments: [String], in directory: URL = packageRoot) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting so a large output cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
