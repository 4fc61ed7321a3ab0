/// FNV-1a, 64-bit: a hash of bytes with no seed, the same in every process
/// (unlike Swift's Hasher), for what machines must agree on without
/// speaking: a path's shard, a plan's digest.
public enum FNV1a {
    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
