import Foundation

/// Runs the built `traindb` executable the way a user or CI would, and captures what it says.
public enum TraindbProcess {
    /// `traindb` sits beside the test bundle in the build products folder.
    public static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("traindb")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return PackageRoot.url(".build/debug/traindb")
    }

    /// Runs `traindb arguments` in `directory`, with `input` on its standard input.
    public static func run(
        _ arguments: [String], in directory: URL = PackageRoot.url, input: String? = nil,
        outputFile: FileHandle? = nil, inputFile: FileHandle? = nil
    ) throws -> Subprocess.Output {
        try Subprocess.run(
            executable, arguments, in: directory, input: input, outputFile: outputFile, inputFile: inputFile)
    }
}
