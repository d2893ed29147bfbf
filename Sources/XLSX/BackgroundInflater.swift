#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Inflates one zip entry on a background thread, a few chunks ahead of the XML parser, so
/// decompression and parsing overlap on two cores. Owns the thread, its mutex and condition
/// variable, and the chunk buffers.
///
/// The entry is read through its own `ZipArchive` (libzip handles are not shared across
/// threads). Memory stays bounded: `depth` chunks of `chunkSize` bytes.
///
/// Concurrency: `reader` is touched only by the background thread once it has started; every
/// other mutable property is guarded by `mutex`. Hence `@unchecked Sendable`.
final class BackgroundInflater: @unchecked Sendable {
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
    private var thread: pthread_t?

    /// Opens `entry` of the zip at `path` and starts inflating it in the background.
    init(path: String, limits: WorkbookLimits, entry name: String, expected: ZipEntry,
         chunkSize: Int = 1 << 16, depth: Int = 4) throws {
        let archive = try ZipArchive(path: path, limits: limits)
        guard let entry = archive.entry(named: name) else {
            throw XLSXError(.missingPart, "the workbook has no part \(XLSXError.shown(name))", part: name)
        }
        guard entry.uncompressedSize == expected.uncompressedSize,
              entry.compressedSize == expected.compressedSize else {
            throw XLSXError(.corruptZip, "the file changed while it was being read (part \(XLSXError.shown(name)))", part: name)
        }
        reader = try ZipEntryReader(archive: archive, entry: entry)
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
        buffers = (0..<max(depth, 2)).map { _ in .allocate(byteCount: max(chunkSize, 4096), alignment: 16) }
        counts = Array(repeating: 0, count: buffers.count)
        try start()
    }

    deinit {
        cancel()
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        for buffer in buffers { buffer.deallocate() }
    }

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

    /// Stops the background thread and waits for it. Safe to call more than once.
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_broadcast(condition)
        let running = thread
        thread = nil
        pthread_mutex_unlock(mutex)
        guard let running else { return }
        if pthread_equal(running, pthread_self()) != 0 {
            // The last reference went away on the background thread itself.
            pthread_detach(running)
        } else {
            pthread_join(running, nil)
        }
    }

    private func start() throws {
        // The thread holds the inflater until it returns; `cancel()` (from deinit of the
        // owner) ends it.
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
        var created: pthread_t?
        #else
        var created = pthread_t()
        #endif
        let status = pthread_create(&created, nil, { context in
            #if canImport(Darwin)
            let inflater = Unmanaged<BackgroundInflater>.fromOpaque(context).takeRetainedValue()
            #else
            guard let context else { return nil }
            let inflater = Unmanaged<BackgroundInflater>.fromOpaque(context).takeRetainedValue()
            #endif
            inflater.produce()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<BackgroundInflater>.fromOpaque(context).release()
            throw XLSXError(.threadUnavailable, "cannot start a thread to read \(XLSXError.shown(reader.entry.name)) (error \(status))",
                            part: reader.entry.name)
        }
        pthread_mutex_lock(mutex)
        thread = created
        pthread_mutex_unlock(mutex)
    }

    /// The background loop: fill free chunks until the end, an error, or cancellation.
    private func produce() {
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
