import FoundationEssentials
import Glibc
import ScaleVideo

/// `-` as the input (SPEC §14): standard input copied into a temporary file
/// first, as a conversion reads its input more than once (to plan it, to
/// count its sound, to convert it). The copy is removed when the command
/// ends, and by a second Ctrl-C.
final class StandardInput {
    /// The input name that means standard input.
    static let name = "-"

    /// The copy's path.
    let path: String

    /// Copies standard input into a new file in `$TMPDIR` (or `/tmp`) until
    /// it ends, or until `cancelled()` says to stop (asked at least every
    /// tenth of a second, even while nothing comes).
    init(cancelled: () -> Bool) throws {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let name = (folder.hasSuffix("/") ? folder : folder + "/") + "scale-video-stdin-XXXXXX"
        var template = Array(name.utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw Failure("cannot make a temporary file in \(folder): \(Self.reason())") }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        PartialFiles.register(path)
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while true {
            if cancelled() { throw Failure.cancelled }
            // Nothing yet, or a signal (Ctrl-C: its handler cut the wait short).
            let ready = poll(&waiting, 1, 100)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            let count = read(STDIN_FILENO, buffer, 1 << 20)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("cannot read standard input: \(Self.reason())")
            }
            var done = 0
            while done < count {
                let written = write(descriptor, buffer + done, count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure("cannot copy standard input into \(folder): \(Self.reason())")
                }
                done += written
            }
        }
    }

    deinit {
        unlink(path)
        PartialFiles.unregister(path)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }

    /// Why standard input could not be taken, or that Ctrl-C stopped it.
    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
        static let cancelled = Failure("cancelled, nothing written")
    }
}
