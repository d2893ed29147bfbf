/// Standard output gathered in one buffer and written at once (`traindb xlsx sheets`).
final class StandardOutput {
    private(set) var buffer: [UInt8] = []

    func write(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// Hands the buffer to standard output; a failed write stops the command (exit 2).
    func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try Terminal.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
