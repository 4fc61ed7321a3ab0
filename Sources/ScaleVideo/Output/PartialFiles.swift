import FoundationEssentials
import Glibc

/// The temporary files of the outputs being written, so that a process
/// about to exit at once (a second Ctrl-C) can remove them first.
public enum PartialFiles {
    private static let paths = Guarded<Set<String>>([])

    static func register(_ path: String) {
        paths.withLock { _ = $0.insert(path) }
    }

    static func unregister(_ path: String) {
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
