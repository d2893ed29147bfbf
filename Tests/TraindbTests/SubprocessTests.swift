import Foundation
import TestSupport
import Testing

/// The runner every end-to-end test uses: it must never hang on a child that writes a lot.
@Suite("running a subprocess")
struct SubprocessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test(
        "far more than a pipe's 64 KB on standard error, then on standard output, is all captured",
        .timeLimit(.minutes(1)))
    func largeStandardErrorFirst() throws {
        let script = "head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 200000 /dev/zero | tr '\\0' o; exit 3"
        let output = try Subprocess.run(Self.shell, ["-c", script])
        #expect(output.status == 3)
        #expect(output.stderr.count == 300_000 && output.stderr.allSatisfy { $0 == "e" })
        #expect(output.stdout.count == 200_000 && output.stdout.allSatisfy { $0 == "o" })
    }

    @Test("a large standard input reaches the child while it writes", .timeLimit(.minutes(1)))
    func largeStandardInput() throws {
        let input = String(repeating: "0123456789", count: 50_000)
        let output = try Subprocess.run(Self.shell, ["-c", "cat; cat /dev/null >&2"], input: input)
        #expect(output.status == 0)
        #expect(output.stdout == input)
    }
}
