/// Which packets of a video stream the decoder may leave out: one no other
/// frame refers to (DisposablePackets) whose frame the clock would not show,
/// judged against the timestamps read so far (any later one will do, and
/// references come before the frames that use them).
final class HiddenPackets {
    private let disposable: DisposablePackets
    /// The lane's clock as it was made. Whether a frame is hidden depends only
    /// on where the clock's time line starts, which `start(at:)` gives it.
    private var clock: FrameClock
    private var recentTimestamps = RecentTimestamps()

    init(disposable: DisposablePackets, clock: FrameClock) {
        self.disposable = disposable
        self.clock = clock
    }

    /// The lane's first frame is at `timestamp`: time 0 of the clock.
    func start(at timestamp: Int64) {
        _ = clock.firstTick(of: timestamp)
    }

    func skips(_ packet: Packet) -> Bool {
        guard let timestamp = packet.pts else { return false }
        defer { recentTimestamps.insert(timestamp) }
        guard let later = recentTimestamps.firstAfter(timestamp), disposable.isDisposable(packet) else { return false }
        return clock.hides(timestamp, before: later)
    }
}
