import FoundationEssentials
import Glibc

/// The temporary files of the outputs being written (and of a copied
/// standard input), so that a process about to exit at once (a second
/// Ctrl-C) can remove them first.
public enum PartialFiles {
    private static let paths = Guarded<Set<String>>([])

    /// Marks `path` to be removed by `removeAll()`.
    public static func register(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    /// `path` is no longer to be removed (it was put in place, or removed).
    public static func unregister(_ path: String) {
        paths.withLock { _ = $0.remove(path) }
    }

    /// Removes every temporary file still registered.
    public static func removeAll() {
        paths.withLock { paths in
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}
