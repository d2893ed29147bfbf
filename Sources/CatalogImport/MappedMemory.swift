#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pages of memory mapped for one buffer alone, outside the allocator, which read as zero until
/// written and go back to the system when unmapped. Where the system refuses them, the
/// allocator's memory, zeroed: the same bytes, only counted differently.
private struct MappedPages {
    let base: UnsafeMutableRawPointer
    let byteCount: Int
    let isMapped: Bool

    init(byteCount wanted: Int) {
        // Whole pages of 4 KiB (the system rounds up to its own).
        byteCount = (max(wanted, 1) + 4095) & ~4095
        let pointer = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        if let pointer, pointer != MAP_FAILED {
            base = pointer
            isMapped = true
        } else {
            base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
            base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
            isMapped = false
        }
    }

    func release() {
        if isMapped { munmap(base, byteCount) } else { base.deallocate() }
    }
}

/// A fixed number of plain values, zero to begin with, in pages of their own: what the check's
/// tables keep per slot for a sheet that may have a million rows.
///
/// An `Array` of a few megabytes lives in pages the allocator maps for it; once one is freed,
/// the allocator serves buffers up to that size from its heap, which keeps the memory of every
/// buffer freed there. Here a table's pages go back to the system when it is dropped, and the
/// allocator never sees them. Copy-on-write, as an `Array`.
struct MappedTable<Element: BitwiseCopyable> {
    private final class Storage {
        let pages: MappedPages?
        let count: Int

        init(count: Int) {
            self.count = count
            pages = count > 0 ? MappedPages(byteCount: count * MemoryLayout<Element>.stride) : nil
        }

        deinit { pages?.release() }

        var elements: UnsafeMutablePointer<Element> {
            pages.unsafelyUnwrapped.base.assumingMemoryBound(to: Element.self)
        }
    }

    private var storage: Storage

    /// `count` values whose bytes are all zero.
    init(zeroed count: Int = 0) {
        storage = Storage(count: count)
    }

    var count: Int { storage.count }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < storage.count, "index out of range")
            return storage.elements[index]
        }
        set {
            precondition(index >= 0 && index < storage.count, "index out of range")
            if !isKnownUniquelyReferenced(&storage) {
                let copy = Storage(count: storage.count)
                copy.elements.update(from: storage.elements, count: storage.count)
                storage = copy
            }
            storage.elements[index] = newValue
        }
    }
}

/// Plain values appended one after another into pages of 64 KiB of their own: what the check
/// keeps per swap group of a sheet that may have a million rows.
///
/// Unlike an `Array`, growing copies nothing and never holds the old buffer beside the new
/// one, and its memory never goes through the allocator (see `MappedTable`). Copy-on-write.
struct PagedArray<Element: BitwiseCopyable> {
    private static var pageBytes: Int { 1 << 16 }
    private static var perPage: Int { pageBytes / MemoryLayout<Element>.stride }

    /// Its owner reaches it only through `isKnownUniquelyReferenced` and one access at a time:
    /// the run-time exclusivity checks, a call each time a value is read, are left out.
    private final class Storage {
        @exclusivity(unchecked) var pages: [MappedPages] = []
        @exclusivity(unchecked) var count = 0

        deinit {
            for page in pages { page.release() }
        }

        func element(_ index: Int) -> UnsafeMutablePointer<Element> {
            pages[index / PagedArray.perPage].base.assumingMemoryBound(to: Element.self) + index % PagedArray.perPage
        }
    }

    private var storage = Storage()

    init() {}

    var count: Int { storage.count }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < storage.count, "index out of range")
            return storage.element(index).pointee
        }
        set {
            precondition(index >= 0 && index < storage.count, "index out of range")
            makeUnique()
            storage.element(index).pointee = newValue
        }
    }

    mutating func append(_ element: Element) {
        makeUnique()
        if storage.count == storage.pages.count * Self.perPage {
            storage.pages.append(MappedPages(byteCount: Self.pageBytes))
        }
        storage.count += 1
        storage.element(storage.count - 1).pointee = element
    }

    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        let copy = Storage()
        for page in storage.pages {
            let pageCopy = MappedPages(byteCount: Self.pageBytes)
            pageCopy.base.copyMemory(from: page.base, byteCount: Self.pageBytes)
            copy.pages.append(pageCopy)
        }
        copy.count = storage.count
        storage = copy
    }
}
