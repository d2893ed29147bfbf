/// Standard output written in large blocks: `traindb xlsx dump` writes millions of cells.
final class StandardOutput {
    private(set) var buffer: [UInt8] = []
    private let blockSize = 1 << 16

    init() { buffer.reserveCapacity(blockSize * 2) }

    func write(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// Lets `body` append bytes to the buffer directly.
    func append(_ body: (inout [UInt8]) -> Void) { body(&buffer) }

    func flushIfFull() throws {
        if buffer.count >= blockSize { try flush() }
    }

    /// Hands the buffer to standard output; a failed write stops the command (exit 2).
    func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try Terminal.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
