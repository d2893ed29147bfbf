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
        if let pointer = Self.map(byteCount) {
            base = pointer
            isMapped = true
        } else {
            base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
            base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
            isMapped = false
        }
    }

    /// `byteCount` bytes of fresh pages; nil when the system refuses them. On Linux, a buffer
    /// of 2 MiB or more starts on a 2 MiB boundary and asks for huge pages: a uniqueness table
    /// of a million rows is probed at random, and in pages of 4 KiB most probes must also miss
    /// the processor's page table cache (a walk of the page tables, the longer in a virtual
    /// machine): the checks' thread took 5% less CPU with huge pages. Only whole huge pages
    /// inside the buffer are used, so it holds no more memory than before.
    private static func map(_ byteCount: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
            if byteCount >= hugePage {
                // Mapped with a huge page to spare, then trimmed to the boundary.
                let spare = byteCount + hugePage
                guard let raw = mmap(nil, spare, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                    raw != MAP_FAILED
                else { return nil }
                let start = (Int(bitPattern: raw) + hugePage - 1) & ~(hugePage - 1)
                let head = start - Int(bitPattern: raw)
                if head > 0 { munmap(raw, head) }
                munmap(raw + head + byteCount, hugePage - head)
                let pointer = raw + head
                _ = madvise(pointer, byteCount, MADV_HUGEPAGE)
                return pointer
            }
        #endif
        let pointer = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let pointer, pointer != MAP_FAILED else { return nil }
        return pointer
    }

    private static let hugePage = 1 << 21

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

    /// Asks the processor to bring value `index` into its cache, to be read or written a little
    /// later: a table of a million slots outgrows the caches, and a probe that waits for its
    /// first slot costs more than the rest of it. Only a hint; nothing is read.
    @inline(__always)
    func prefetch(_ index: Int) {
        guard index >= 0 && index < storage.count else { return }
        prefetchForWriting(UnsafeRawPointer(storage.elements + index))
    }

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

/// LLVM's prefetch, which the compiler turns into the processor's own instruction (on x86-64
/// `prefetcht0`, or `prefetchw` where the target has it; `prfm` on ARM): its three other
/// operands must be constants, hence the wrapper.
@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(_ address: UnsafeRawPointer, _ isWrite: Int32, _ locality: Int32, _ isData: Int32)

/// The cache line at `address` fetched for writing, kept in every level of the cache. A hint:
/// it never faults, whatever the address.
@inline(__always)
func prefetchForWriting(_ address: UnsafeRawPointer) {
    llvmPrefetch(address, 1, 3, 1)
}
