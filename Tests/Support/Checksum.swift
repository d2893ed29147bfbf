/// FNV-1a (64-bit), as 16 lower-case hex digits: a short fingerprint of text or bytes that a
/// test pins so that what must not drift (a shipped migration, a built database) cannot.
public enum Checksum {
    public static func fnv1a(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func fnv1a(_ text: String) -> String {
        fnv1a(text.utf8)
    }
}
