#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The chunks a `BackgroundInflater`'s thread fills and its consumer reads: a ring of `depth`
/// buffers of `chunkSize` bytes, guarded by a mutex and a condition variable. Owns them and
/// the entry reader. The thread holds the ring, never the inflater that owns the thread, so
/// dropping the inflater always ends the thread.
///
/// Concurrency: `reader` is touched only by the producing thread; every other mutable property
/// is guarded by `mutex`. Hence `@unchecked Sendable`.
final class InflatedChunkRing: @unchecked Sendable {
    private let reader: ZipEntryReader
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private let buffers: [UnsafeMutableRawBufferPointer]
    private var counts: [Int]
    private var head = 0
    private var filledCount = 0
    private var consumerHoldsChunk = false
    private var reachedEnd = false
    private var failure: (any Error)?
    private var cancelled = false

    init(reader: ZipEntryReader, chunkSize: Int, depth: Int) {
        self.reader = reader
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
        buffers = (0..<max(depth, 2)).map { _ in .allocate(byteCount: max(chunkSize, 4096), alignment: 16) }
        counts = Array(repeating: 0, count: buffers.count)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        for buffer in buffers { buffer.deallocate() }
    }

    /// The entry being inflated.
    var entry: ZipEntry { reader.entry }

    /// The next inflated chunk, valid until the following call; nil at the end of the entry.
    /// Rethrows a read error (limits, damage) after the chunks that came before it.
    func nextChunk() throws -> UnsafeRawBufferPointer? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if consumerHoldsChunk {
            consumerHoldsChunk = false
            head = (head + 1) % buffers.count
            filledCount -= 1
            pthread_cond_broadcast(condition)
        }
        while filledCount == 0 && !reachedEnd && failure == nil {
            pthread_cond_wait(condition, mutex)
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
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// The producing thread's loop: fill free chunks until the end, an error, or cancellation.
    func produce() {
        var tail = 0
        while true {
            pthread_mutex_lock(mutex)
            while filledCount == buffers.count && !cancelled {
                pthread_cond_wait(condition, mutex)
            }
            let stop = cancelled
            pthread_mutex_unlock(mutex)
            if stop { return }

            // The slot at `tail` is not visible to the consumer until counted, so it is
            // filled without holding the lock.
            let count: Int
            do {
                count = try reader.read(into: buffers[tail])
            } catch {
                pthread_mutex_lock(mutex)
                failure = error
                pthread_cond_broadcast(condition)
                pthread_mutex_unlock(mutex)
                return
            }

            pthread_mutex_lock(mutex)
            if count == 0 {
                reachedEnd = true
            } else {
                counts[tail] = count
                filledCount += 1
                tail = (tail + 1) % buffers.count
            }
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
            if count == 0 { return }
        }
    }
}
