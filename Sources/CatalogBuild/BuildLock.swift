import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The lock a build holds on its target while it writes: `.NAME.lock` beside the target,
/// locked with `flock`, so the kernel releases it when the builder dies however it dies. Two
/// builds of one target never interleave, and what a dead build left is known to be dead.
final class BuildLock {
    let path: String
    private let descriptor: Int32

    /// Takes the lock on `target`, or throws `write.busy` when a live build holds it.
    init(target: URL) throws {
        path = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).lock").path
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CatalogBuildError(
                    .fileSystem, "cannot create the build lock \(path): \(String(cString: strerror(errno)))",
                    path: target.path)
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let holder = Self.holder(descriptor)
                close(descriptor)
                throw CatalogBuildError(
                    .busy,
                    "another build\(holder.map { " (process \($0))" } ?? "") is writing this database; "
                        + "run this one when it has finished",
                    path: target.path)
            }
            // A build that finished between our open and flock removed the file we locked:
            // lock the one at the path now.
            var opened = stat()
            var current = stat()
            guard fstat(descriptor, &opened) == 0, stat(path, &current) == 0,
                opened.st_dev == current.st_dev, opened.st_ino == current.st_ino
            else {
                close(descriptor)
                continue
            }
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            self.descriptor = descriptor
            return
        }
    }

    /// Removes the lock file, then releases the lock (in that order, so a build waiting on the
    /// old file sees it is gone and takes a new one).
    deinit {
        unlink(path)
        close(descriptor)
    }

    /// The process id the holder wrote into the lock file.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
