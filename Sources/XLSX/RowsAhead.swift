#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a sheet's rows on a thread of its own, a few batches ahead of the caller, so that
/// parsing the sheet and what the caller does with each row (the catalogue's checks) share two
/// cores. The rows, and the error that ends them, come out exactly as `SheetCursor.next()` gives
/// them. Owns the thread: dropping it stops the thread and waits for it.
///
/// Memory stays bounded: at most `depth` batches of `batchSize` rows wait for the caller.
package final class RowsAhead {
    private let queue: RowBatchQueue
    private var thread: pthread_t?
    /// The batch being handed out, and where in it.
    private var batch: [Row] = []
    private var position = 0

    /// Starts reading `cursor` from where it stands. The cursor must not be used elsewhere from
    /// now on.
    package init(_ cursor: SheetCursor, batchSize: Int = 128, depth: Int = 4) throws {
        let queue = RowBatchQueue(depth: depth)
        self.queue = queue
        let source = CursorHandOver(cursor)
        thread = try ReaderThread.start(reading: cursor.sheet.partPath) {
            queue.produce(batchSize: batchSize, from: source.cursor)
        }
    }

    deinit { cancel() }

    /// The next row with at least one non-blank cell, or nil after the last. After an error,
    /// keeps throwing it.
    package func next() throws -> Row? {
        if position == batch.count {
            // The batch is handed back (and emptied) whatever `take` gives.
            position = 0
            guard let next = try queue.take(handingBack: &batch) else { return nil }
            batch = next
        }
        position += 1
        return batch[position - 1]
    }

    /// Stops the thread and waits for it. Safe to call more than once.
    package func cancel() {
        queue.cancel()
        guard let running = thread else { return }
        thread = nil
        pthread_join(running, nil)
    }
}

/// A cursor handed to the thread that reads ahead, which alone uses it from then on.
private final class CursorHandOver: @unchecked Sendable {
    let cursor: SheetCursor
    init(_ cursor: SheetCursor) { self.cursor = cursor }
}

/// The batches a `RowsAhead` thread reads and its caller takes, guarded by a mutex and a
/// condition variable. Every mutable property is read and written under `signal`'s lock; hence
/// `@unchecked Sendable`.
private final class RowBatchQueue: @unchecked Sendable {
    private let signal = ReaderSignal()
    private let depth: Int
    /// A full queue's reader waits until no more than this many batches are left.
    private let lowMark: Int
    /// Whether the reader waits for the queue to drain.
    private var readerWaits = false
    private var batches: [[Row]] = []
    /// Batches the caller is done with, freed by the reading thread. Their rows' texts and
    /// arrays were allocated there: freed on the caller's thread, each free took the lock of
    /// the reading thread's heap while that thread allocated from it, and the two threads
    /// took turns waiting on that lock for much of a long sheet.
    private var spent: [[Row]] = []
    private var reachedEnd = false
    private var failure: (any Error)?

    init(depth: Int) {
        self.depth = max(depth, 1)
        lowMark = (self.depth - 1) / 2
    }

    /// The next batch of rows (never empty), nil at the end of the sheet; rethrows the reader's
    /// error after the rows that came before it. `spent`, the batch the caller is done with, is
    /// handed back (and emptied) for the reading thread to free.
    func take(handingBack spent: inout [Row]) throws -> [Row]? {
        signal.lock()
        defer { signal.unlock() }
        if !spent.isEmpty {
            self.spent.append(spent)
            spent = []
        }
        while batches.isEmpty && !reachedEnd && failure == nil {
            signal.wait()
        }
        if !batches.isEmpty {
            let batch = batches.removeFirst()
            // The reader is woken once the queue has drained to its low mark, not for every
            // batch taken: each wake-up is a system call and a switch of threads.
            if readerWaits && batches.count <= lowMark { signal.broadcast() }
            return batch
        }
        if let failure { throw failure }
        return nil
    }

    /// Tells the reading thread to stop at its next batch.
    func cancel() {
        signal.cancel()
    }

    /// The reading thread's loop: batches of rows until the end, an error, or cancellation.
    func produce(batchSize: Int, from cursor: SheetCursor) {
        var ended = false
        var error: (any Error)?
        while !ended && error == nil {
            var rows: [Row] = []
            rows.reserveCapacity(batchSize)
            do {
                while rows.count < batchSize {
                    guard let row = try cursor.next() else {
                        ended = true
                        break
                    }
                    rows.append(row)
                }
            } catch let failure {
                error = failure
            }
            signal.lock()
            if batches.count >= depth {
                readerWaits = true
                while batches.count > lowMark && !signal.cancelled {
                    signal.wait()
                }
                readerWaits = false
            }
            let stop = signal.cancelled
            // Freed on this thread once the lock is let go.
            var freed: [[Row]] = []
            swap(&freed, &spent)
            if !stop {
                if !rows.isEmpty { batches.append(rows) }
                reachedEnd = ended
                failure = error
                signal.broadcast()
            }
            signal.unlock()
            freed.removeAll()
            if stop { return }
        }
    }
}
