#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a sheet's rows on a thread of its own, a few chunks ahead of the caller, so that
/// parsing the sheet and what the caller does with each row (the catalogue's checks) share two
/// cores. Owns the thread: dropping it stops the thread and waits for it.
///
/// The rows come packed, as a batch cursor makes them (`CellBatch`: text as bytes, shared
/// strings by index), one batch for each inflated chunk that completes a row: the thread makes
/// no value per cell for the caller to copy and free. They are the rows `SheetCursor.next()`
/// gives, and so is the error that ends them.
///
/// Memory stays bounded: at most `depth` batches wait for the caller.
package final class RowsAhead {
    private let queue: RowBatchQueue
    private var thread: pthread_t?
    /// The batch last handed out, given back at the next `nextBatch()`.
    private var handedOut = CellBatch()

    /// Starts reading `cursor`, a batch cursor (`Workbook.batchCursor(for:)`), from where it
    /// stands. The cursor must not be used elsewhere from now on.
    package init(_ cursor: SheetCursor, depth: Int = 8) throws {
        let queue = RowBatchQueue(depth: depth)
        self.queue = queue
        let source = CursorHandOver(cursor)
        thread = try ReaderThread.start(reading: cursor.sheet.partPath) {
            queue.produce(from: source.cursor)
        }
    }

    deinit { cancel() }

    /// The next rows (at least one), or nil after the last. After an error, keeps throwing it.
    /// The batch before this one is handed back to the reading thread, which frees it.
    package func nextBatch() throws -> CellBatch? {
        guard let next = try queue.take(handingBack: &handedOut) else { return nil }
        handedOut = next
        return next
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
    private var batches: [CellBatch] = []
    /// Batches the caller is done with, freed by the reading thread. Their arrays were
    /// allocated there: freed on the caller's thread, each free took the lock of the reading
    /// thread's heap while that thread allocated from it, and the two threads took turns
    /// waiting on that lock for much of a long sheet.
    private var spent: [CellBatch] = []
    private var reachedEnd = false
    private var failure: (any Error)?

    init(depth: Int) {
        self.depth = max(depth, 1)
        lowMark = (self.depth - 1) / 2
    }

    /// The next batch (never empty), nil at the end of the sheet; rethrows the reader's error
    /// after the rows that came before it. `spent`, the batch the caller is done with, is
    /// handed back (and emptied) for the reading thread to free.
    func take(handingBack spent: inout CellBatch) throws -> CellBatch? {
        signal.lock()
        defer { signal.unlock() }
        if !spent.rows.isEmpty {
            self.spent.append(spent)
            spent = CellBatch()
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

    /// The reading thread's loop: a batch for each chunk that completes a row, until the end,
    /// an error, or cancellation.
    func produce(from cursor: SheetCursor) {
        var ended = false
        var error: (any Error)?
        while !ended && error == nil {
            var batch = CellBatch()
            do {
                // A chunk that ends inside the sheet's first row, or holds only empty rows,
                // completes none.
                while batch.rows.isEmpty {
                    guard let next = try cursor.nextChunkBatch() else {
                        ended = true
                        break
                    }
                    batch = next
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
            var freed: [CellBatch] = []
            swap(&freed, &spent)
            if !stop {
                if !batch.rows.isEmpty { batches.append(batch) }
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
