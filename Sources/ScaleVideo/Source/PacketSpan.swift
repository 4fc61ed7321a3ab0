/// The frames and presentation span of a video stream's packets, read
/// without decoding: how a source's S is measured (SPEC §3), and how a
/// written output's video is.
struct PacketSpan {
    let timeBase: Rational
    private(set) var frames = 0
    private var start = Int64.max
    /// The latest frame's presentation timestamp, and how long its packet says it lasts.
    private var last: (start: Int64, duration: Int64)?
    /// The presentation timestamps of the latest packets, at most
    /// `recentCount`, in a ring whose oldest is at `oldest`.
    private var recent: [Int64] = []
    private var oldest = 0

    /// Enough of the latest packets to hold the last frames in order
    /// whatever their reordering (H.264 and HEVC: 16).
    private static let recentCount = 64

    init(timeBase: Rational) {
        self.timeBase = timeBase
    }

    /// Counts `packet`'s frame. One without a presentation timestamp (an
    /// AVI's reordered frames) takes its decoding one: a constant-rate
    /// stream's frames are presented at the times they are decoded at, in
    /// another order.
    mutating func add(_ packet: Packet) {
        frames += 1
        guard let pts = packet.pts ?? packet.dts else { return }
        start = min(start, pts)
        if last.map({ pts >= $0.start }) ?? true { last = (pts, max(packet.duration, 0)) }
        if recent.count < Self.recentCount {
            recent.append(pts)
        } else {
            recent[oldest] = pts
            oldest = (oldest + 1) % Self.recentCount
        }
    }

    /// The typical spacing of the latest frames, in the time base: the
    /// median gap between neighbouring presentation times; nil with fewer
    /// than two frames.
    private var spacing: Int64? {
        let times = recent.sorted()
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        return gaps.isEmpty ? nil : gaps[gaps.count / 2]
    }

    /// From the first frame's presentation time to the end of the last, in
    /// seconds. The last frame lasts as long as its packet says, unless
    /// that is under a quarter of the frames' typical spacing (none, or a
    /// Matroska block claiming 1 ms where frames come 33 ms apart): then it
    /// lasts the typical spacing. nil without frames or timestamps.
    var duration: Rational? {
        guard frames > 0, let last, start <= last.start else { return nil }
        let length = spacing.map { last.duration * 4 < $0 ? $0 : last.duration } ?? last.duration
        return timeBase.seconds(ofTicks: last.start + length - start)
    }

    /// Where the last frame ends on the stream's time line, in seconds.
    var end: Rational? {
        duration.flatMap { duration in timeBase.seconds(ofTicks: start)?.adding(duration) }
    }
}
