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
