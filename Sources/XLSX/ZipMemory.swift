/// The bytes of a zip read from memory, shared by every `ZipArchive` handle on them (libzip
/// reads them in place and never frees them). Owns the allocation.
final class ZipMemory: @unchecked Sendable {
    /// Never written after `init`, so any thread may read them.
    let bytes: UnsafeRawBufferPointer

    init(copying source: some Sequence<UInt8>) {
        let copied = source.withContiguousStorageIfAvailable { Self.copy($0) }
            ?? Array(source).withUnsafeBufferPointer { Self.copy($0) }
        bytes = UnsafeRawBufferPointer(copied)
    }

    deinit { bytes.deallocate() }

    private static func copy(_ source: UnsafeBufferPointer<UInt8>) -> UnsafeMutableRawBufferPointer {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        copy.copyMemory(from: UnsafeRawBufferPointer(source))
        return UnsafeMutableRawBufferPointer(rebasing: copy[..<source.count])
    }
}
