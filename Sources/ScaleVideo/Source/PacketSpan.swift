/// The frames and presentation span of a video stream's packets, read
/// without decoding: how a written output's video is measured, and how a
/// source is whose container states no duration.
struct PacketSpan {
    let timeBase: Rational
    private(set) var frames = 0
    private var start = Int64.max
    private var lastEnd = Int64.min
    private var lastStart = Int64.min

    init(timeBase: Rational) {
        self.timeBase = timeBase
    }

    mutating func add(_ packet: Packet) {
        frames += 1
        guard let pts = packet.pts else { return }
        start = min(start, pts)
        lastStart = max(lastStart, pts)
        lastEnd = max(lastEnd, pts + max(packet.duration, 0))
    }

    /// From the first frame's presentation time to the end of the last, in
    /// seconds; a last packet without a duration lasts as long as the
    /// average frame. nil without frames or timestamps.
    var duration: Rational? {
        guard frames > 0, start <= lastStart else { return nil }
        guard lastEnd == lastStart && frames > 1 else { return timeBase.seconds(ofTicks: lastEnd - start) }
        return timeBase.seconds(ofTicks: lastStart - start)?.multiplied(by: Rational(Int64(frames), Int64(frames - 1))!)
    }

    /// Where the last frame ends on the stream's time line, in seconds.
    var end: Rational? {
        duration.flatMap { duration in timeBase.seconds(ofTicks: start)?.adding(duration) }
    }
}
