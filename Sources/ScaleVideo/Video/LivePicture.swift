import Glibc

/// `--progress-picture FILE.png`: the latest output picture while the
/// render runs (SPEC §15's progress picture), saved at the first frame and
/// then about once a second, at most 640 pixels wide, each time written
/// whole as every output is (AtomicOutput), so a reader never sees half a
/// file. The job removes it when it ends, whichever way.
final class LivePicture {
    let path: String
    /// The job's input, which the picture must never replace.
    private let input: String
    /// When it was last saved, in seconds of the monotonic clock.
    private var saved: Double?
    static let interval = 1.0
    static let widest: Int32 = 640

    init(path: String, input: String) {
        self.path = path
        self.input = input
    }

    /// Whether a second has passed since the last picture (or none was saved yet).
    var isDue: Bool { saved.map { Self.now() - $0 >= Self.interval } ?? true }

    /// Saves `picture` as the latest, as a player shows it, replacing the one before.
    func save(_ picture: Frame, shown: ShownPicture) throws {
        saved = Self.now()
        let file = try AtomicOutput(finalPath: path, input: input, overwrite: true)
        try file.write(PNGWriter.encode(shown.image(of: picture, widest: Self.widest)))
        try file.commit()
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
