import FoundationEssentials
import Glibc

/// `--progress-picture FILE.png`: the latest output picture while the
/// render runs (SPEC §15's progress picture), saved at the first frame and
/// then about once a second, at most 640 pixels wide, each time whole under
/// a temporary name and then put in place, so a reader never sees half a
/// file. The job removes it when it ends, whichever way.
final class LivePicture {
    let path: String
    /// When it was last saved, in seconds of the monotonic clock.
    private var saved: Double?
    static let interval = 1.0
    static let widest: Int32 = 640

    init(path: String) {
        self.path = path
    }

    /// Whether a second has passed since the last picture (or none was saved yet).
    var isDue: Bool { saved.map { Self.now() - $0 >= Self.interval } ?? true }

    /// Saves `picture` as the latest.
    func save(_ picture: Frame) throws {
        saved = Self.now()
        let data = try PNGWriter.encode(RGBConversion.image(of: picture, widest: Self.widest))
        let temporary = path + ".\(getpid()).tmp"
        var failure: Int32 = 0
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            failure = errno
        } else {
            let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written != data.count { failure = written < 0 ? errno : ENOSPC }
            close(descriptor)
            if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        }
        guard failure == 0 else {
            unlink(temporary)
            throw ScaleError.failed("--progress-picture \(path) cannot be written (\(String(cString: strerror(failure))))")
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
