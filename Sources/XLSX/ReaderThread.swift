#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts the reader's own threads (the inflater's, the rows read ahead): a plain thread that
/// its owner joins, so that dropping the owner never leaves it running.
enum ReaderThread {
    /// Runs `body` on a new thread; the caller must join the thread it gets.
    /// - Parameter part: the part the thread reads, named by the error if no thread can start.
    static func start(reading part: String, _ body: @escaping @Sendable () -> Void) throws -> pthread_t {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var created: pthread_t?
        #else
        var created = pthread_t()
        #endif
        let status = pthread_create(&created, nil, { context in
            #if canImport(Darwin)
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            #else
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            #endif
            return nil
        }, context)
        #if canImport(Darwin)
        if status == 0, let created { return created }
        #else
        if status == 0 { return created }
        #endif
        Unmanaged<Body>.fromOpaque(context).release()
        throw XLSXError(.threadUnavailable,
                        "cannot start a thread to read \(XLSXError.shown(part)) (error \(status))", part: part)
    }

    /// What the new thread runs, boxed to cross `pthread_create`.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// A mutex and its condition variable, shared by a reader's thread and the thread it reads for
/// (`InflatedChunkRing`, `RowsAhead`): whoever changes the shared state holds the lock and then
/// wakes the other side.
final class ReaderSignal: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// Whether the consumer has told the reader's thread to stop; read with the lock held.
    private(set) var cancelled = false

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for `broadcast()`, the lock held before and after.
    func wait() { pthread_cond_wait(condition, mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Tells the reader's thread to stop, waking it if it waits.
    func cancel() {
        lock()
        cancelled = true
        broadcast()
        unlock()
    }
}
