import FoundationEssentials
import Glibc

/// Temporary files that a killed run (SIGKILL, the OOM killer, a power cut)
/// left beside its output. A live writer holds an advisory lock (flock) on
/// its temporary file from the moment it is made; a file whose lock can be
/// taken has no writer left and is removed.
enum StaleFiles {
    /// Removes the files in `folder` named `prefix` + a token + `suffix`
    /// that no process is writing. Call it under the folder's lock, so that
    /// no file is seen between its creation and its lock.
    static func remove(in folder: String, named prefix: String, _ suffix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.count > prefix.count + suffix.count {
            let token = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { continue }
            let path = folder + "/" + name
            let file = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard file >= 0 else { continue }
            if flock(file, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(file)
        }
    }
}

/// An advisory lock on a folder, held while temporary files in it are made
/// or judged stale. Where the folder cannot be locked (no read permission,
/// a file system without locks), the work runs unlocked.
enum FolderLock {
    static func holding<T>(_ folder: String, _ body: () throws -> T) rethrows -> T {
        let handle = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard handle >= 0 else { return try body() }
        defer { close(handle) }
        flock(handle, LOCK_EX)
        defer { flock(handle, LOCK_UN) }
        return try body()
    }
}
