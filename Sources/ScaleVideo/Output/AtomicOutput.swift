import FoundationEssentials
import Glibc

/// An output written under a temporary name in its destination folder and
/// put in place only when complete, so the output path never holds a
/// partial file and an existing file is replaced only when allowed.
final class AtomicOutput {
    let finalPath: String
    let temporaryPath: String
    private let overwrite: Bool
    private var settled = false
    /// Open for writing on the temporary file, holding its advisory lock
    /// while it is written: a file whose lock can be taken belongs to no
    /// live writer.
    private var handle: Int32 = -1

    init(finalPath: String, input: String, overwrite: Bool) throws {
        try Self.check(finalPath: finalPath, input: input, overwrite: overwrite)
        let (folder, stem, suffix) = Self.temporaryName(of: finalPath)
        self.finalPath = finalPath
        self.overwrite = overwrite
        let token = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        temporaryPath = URL(fileURLWithPath: folder).appendingPathComponent(stem + token + suffix).path
        PartialFiles.register(temporaryPath)
        do {
            handle = try FolderLock.holding(folder) {
                StaleFiles.remove(in: folder, named: stem, suffix)
                return try Self.createLocked(temporaryPath)
            }
        } catch let reason as POSIXError {
            PartialFiles.unregister(temporaryPath)
            settled = true
            throw ScaleError.failed("cannot write \(finalPath): \(String(cString: strerror(reason.code.rawValue)))")
        }
    }

    deinit { discard() }

    /// The folder of `finalPath`, and the start and end of its temporary
    /// files' names around their token: `.NAME.partial-` and `.EXT`.
    private static func temporaryName(of finalPath: String) -> (folder: String, stem: String, suffix: String) {
        let url = URL(fileURLWithPath: finalPath)
        return (url.deletingLastPathComponent().path, ".\(url.deletingPathExtension().lastPathComponent).partial-", ".\(url.pathExtension)")
    }

    /// Removes the temporary files of `finalPath` that a killed run left
    /// (never one a live run is writing), without writing it.
    static func removeStale(of finalPath: String) {
        let (folder, stem, suffix) = temporaryName(of: finalPath)
        FolderLock.holding(folder) { StaleFiles.remove(in: folder, named: stem, suffix) }
    }

    /// Throws what would stop an output at `finalPath` from being written,
    /// without writing anything: the input's own path, a missing or
    /// unwritable folder (unless `folderToBeMade`), an existing file
    /// without `overwrite`.
    static func check(finalPath: String, input: String, overwrite: Bool, folderToBeMade: Bool = false) throws {
        let folder = URL(fileURLWithPath: finalPath).deletingLastPathComponent().path
        if sameFile(finalPath, input) { throw ScaleError.outputIsInput }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory else {
            if folderToBeMade { return }
            throw ScaleError.failed("cannot write \(finalPath): the folder \(folder) does not exist")
        }
        if !overwrite && FileManager.default.fileExists(atPath: finalPath) {
            throw ScaleError.outputExists(finalPath)
        }
        guard access(folder, W_OK) == 0 else {
            throw ScaleError.failed("cannot write \(finalPath): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `bytes` as the temporary file's content; a failure names the
    /// output, as the person who asked for it knows it.
    func write(_ bytes: Data) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(handle, buffer.baseAddress! + offset, buffer.count - offset)
                guard written >= 0 else {
                    if errno == EINTR { continue }
                    throw failure("cannot write \(finalPath)")
                }
                offset += written
            }
        }
    }

    /// Puts the finished file in place.
    func commit() throws {
        if overwrite {
            guard rename(temporaryPath, finalPath) == 0 else { throw failure("cannot move the output into place") }
        } else {
            // link(2) refuses to replace a file that appeared meanwhile.
            if link(temporaryPath, finalPath) == 0 {
                unlink(temporaryPath)
            } else {
                if errno == EEXIST { throw ScaleError.outputExists(finalPath) }
                guard [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EMLINK, EXDEV].contains(errno) else {
                    throw failure("cannot move the output into place")
                }
                try renameRefusingToReplace()
            }
        }
        settle()
    }

    /// Where the filesystem makes no hard links (FUSE, SMB and other network
    /// volumes; union filesystems such as mergerfs, whose link(2) fails with
    /// EXDEV even within one folder), renameat2(2) with RENAME_NOREPLACE
    /// keeps the promise: it fails rather than replace a file that appeared
    /// meanwhile. Where that is not supported either, the output is not put
    /// in place at all.
    private func renameRefusingToReplace() throws {
        typealias Rename = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") {
            let rename = unsafeBitCast(symbol, to: Rename.self)
            if rename(AT_FDCWD, temporaryPath, AT_FDCWD, finalPath, Self.noReplace) == 0 { return }
            if errno == EEXIST { throw ScaleError.outputExists(finalPath) }
            guard [EINVAL, ENOSYS, ENOTSUP, EOPNOTSUPP].contains(errno) else { throw failure("cannot move the output into place") }
        }
        throw ScaleError.failed(
            "cannot put \(finalPath) in place without risking to replace a file that appears there meanwhile: its folder's "
                + "filesystem makes neither hard links nor renames that refuse to replace (--overwrite replaces whatever is there)")
    }

    /// RENAME_NOREPLACE, from <linux/fs.h>.
    private static let noReplace: UInt32 = 1

    /// Removes the temporary file, if the output was not committed.
    func discard() {
        guard !settled else { return }
        unlink(temporaryPath)
        settle()
    }

    private func settle() {
        settled = true
        PartialFiles.unregister(temporaryPath)
        close(handle)
    }

    /// Creates `path`, which must not exist, and takes its lock.
    private static func createLocked(_ path: String) throws -> Int32 {
        let file = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard flock(file, LOCK_EX | LOCK_NB) == 0 else {
            let reason = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            close(file)
            unlink(path)
            throw reason
        }
        return file
    }

    private func failure(_ what: String) -> ScaleError {
        .failed("\(what): \(String(cString: strerror(errno)))")
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
