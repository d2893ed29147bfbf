/// The chunks a `BackgroundInflater`'s thread fills and its consumer reads: a ring of `depth`
/// buffers of `chunkSize` bytes, guarded by a mutex and a condition variable. Owns them and
/// the entry reader. The thread holds the ring, never the inflater that owns the thread, so
/// dropping the inflater always ends the thread.
///
/// Concurrency: `reader` is touched only by the producing thread; every other mutable property
/// is guarded by `signal`'s lock. Hence `@unchecked Sendable`.
final class InflatedChunkRing: @unchecked Sendable {
    private let reader: ZipEntryReader
    private let signal = ReaderSignal()
    private let buffers: [UnsafeMutableRawBufferPointer]
    private var counts: [Int]
    private var head = 0
    private var filledCount = 0
    private var consumerHoldsChunk = false
    /// A full ring's producer waits until no more than this many chunks are filled.
    private let lowMark: Int
    /// Whether the producer waits for the ring to drain.
    private var producerWaits = false
    private var reachedEnd = false
    private var failure: (any Error)?

    init(reader: ZipEntryReader, chunkSize: Int, depth: Int) {
        self.reader = reader
        buffers = (0..<max(depth, 2)).map { _ in .allocate(byteCount: max(chunkSize, 4096), alignment: 16) }
        counts = Array(repeating: 0, count: buffers.count)
        lowMark = (buffers.count - 1) / 2
    }

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    /// The entry being inflated.
    var entry: ZipEntry { reader.entry }

    /// The next inflated chunk, valid until the following call; nil at the end of the entry.
    /// Rethrows a read error (limits, damage) after the chunks that came before it.
    func nextChunk() throws -> UnsafeRawBufferPointer? {
        signal.lock()
        defer { signal.unlock() }
        if consumerHoldsChunk {
            consumerHoldsChunk = false
            head = (head + 1) % buffers.count
            filledCount -= 1
            // The producer is woken once the ring has drained to its low mark, not for every
            // chunk read: each wake-up is a system call and a switch of threads.
            if producerWaits && filledCount <= lowMark { signal.broadcast() }
        }
        while filledCount == 0 && !reachedEnd && failure == nil {
            signal.wait()
        }
        if filledCount > 0 {
            consumerHoldsChunk = true
            return UnsafeRawBufferPointer(rebasing: buffers[head][..<counts[head]])
        }
        if let failure { throw failure }
        return nil
    }

    /// Tells the producing thread to stop at its next chunk.
    func cancel() {
        signal.cancel()
    }

    /// The producing thread's loop: fill free chunks until the end, an error, or cancellation.
    func produce() {
        var tail = 0
        while true {
            signal.lock()
            if filledCount == buffers.count {
                producerWaits = true
                while filledCount > lowMark && !signal.cancelled {
                    signal.wait()
                }
                producerWaits = false
            }
            let stop = signal.cancelled
            signal.unlock()
            if stop { return }

            // The slot at `tail` is not visible to the consumer until counted, so it is
            // filled without holding the lock.
            let count: Int
            do {
                count = try reader.read(into: buffers[tail])
            } catch {
                signal.lock()
                failure = error
                signal.broadcast()
                signal.unlock()
                return
            }

            signal.lock()
            if count == 0 {
                reachedEnd = true
            } else {
                counts[tail] = count
                filledCount += 1
                tail = (tail + 1) % buffers.count
            }
            signal.broadcast()
            signal.unlock()
            if count == 0 { return }
        }
    }
}
