import Dispatch
import Foundation

/// Where `traindb xlsx dump` renders and writes its rows: a thread of its own, a few batches
/// behind the reader, so that parsing a sheet and formatting its cells share two cores. Pieces
/// come out in the order they were handed over, gathered into blocks of 64 KB for `write`. After
/// the first failed write nothing more is rendered, and the reader gets the failure at its next
/// hand-over.
final class DumpWriter: @unchecked Sendable {
    private let output: BlockOutput
    private let queue = DispatchQueue(label: "traindb.xlsx-dump.writer")
    /// Pieces handed over and not yet written: the reader waits while this many are.
    private let room = DispatchSemaphore(value: 4)
    private let lock = NSLock()
    private var failure: (any Error)?

    init(write: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void) {
        output = BlockOutput(write: write)
    }

    private var firstFailure: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// Appends what `render` writes, on the writer's thread, after every piece handed before.
    func hand(_ render: @escaping @Sendable (inout [UInt8]) -> Void) throws {
        if let failure = firstFailure { throw failure }
        room.wait()
        queue.async {
            defer { self.room.signal() }
            guard self.firstFailure == nil else { return }
            self.output.append(render)
            do {
                try self.output.flushIfFull()
            } catch {
                self.lock.lock()
                self.failure = self.failure ?? error
                self.lock.unlock()
            }
        }
    }

    /// Waits for every piece, writes what is left, and throws the first failure.
    func finish() throws {
        try queue.sync {
            if let failure = firstFailure { throw failure }
            try output.flush()
        }
    }

    /// Waits for every piece after the reader failed: the full blocks rendered have been
    /// written, the rest is dropped (as a dump that stops at a damaged sheet always did).
    func abandon() {
        queue.sync {}
    }
}

/// Bytes gathered into large blocks before `write` takes them: a dump writes millions of cells.
/// Used on the writer's thread alone.
private final class BlockOutput {
    private var buffer: [UInt8] = []
    private let blockSize = 1 << 16
    private let write: (UnsafeRawBufferPointer) throws -> Void

    init(write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.write = write
        buffer.reserveCapacity(blockSize * 2)
    }

    /// Lets `body` append bytes to the buffer directly.
    func append(_ body: (inout [UInt8]) -> Void) { body(&buffer) }

    func flushIfFull() throws {
        if buffer.count >= blockSize { try flush() }
    }

    /// Hands what the buffer holds to `write`.
    func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
