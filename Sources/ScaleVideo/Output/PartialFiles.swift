import FoundationEssentials
import Glibc

/// The temporary files of the outputs being written, so that a process
/// about to exit at once (a second Ctrl-C) can remove them first.
public enum PartialFiles {
    private static let lock = Lock()
    nonisolated(unsafe) private static var paths: Set<String> = []

    static func register(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    static func unregister(_ path: String) {
        lock.withLock { _ = paths.remove(path) }
    }

    /// Removes every temporary file still registered.
    public static func removeAll() {
        lock.withLock {
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}
