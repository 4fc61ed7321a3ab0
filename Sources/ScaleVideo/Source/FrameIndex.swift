/// Every frame of a video stream and the key-frame interval it is decoded
/// in, read from its packets without decoding them: what a backward
/// reading (BackwardFrames) needs to know before it seeks.
struct FrameIndex {
    /// One key-frame interval: its key packet, and where to seek for it.
    struct Interval {
        /// The key packet's decode timestamp (its presentation one where it has none).
        let seekTimestamp: Int64
        /// The key packet's presentation timestamp.
        let keyTimestamp: Int64
        /// Decoding from it gives the frames decoding from the start would.
        let startsAfresh: Bool
    }

    /// The presentation timestamps of the frames decoding shows, ascending.
    let timestamps: [Int64]
    /// For each frame (as `timestamps` orders them), the interval whose
    /// packets hold it.
    let intervalOfFrame: [Int]
    let intervals: [Interval]
    /// How long the last frame lasts, in the stream's time base (1 when unknown).
    let lastDuration: Int64

    /// Reads every packet of `packets`' stream. A packet that gives no
    /// picture (PacketReferences.givesPicture: a hidden VP8/VP9 frame, one
    /// an edit list leaves out) is no frame, though a key packet among them
    /// still starts an interval.
    /// - Throws: `ScaleError.failed` when a packet has no timestamp, or
    ///   the stream has no key packet before its first.
    init(packets: PacketInput, references: PacketReferences, isCancelled: () -> Bool) throws {
        let packet = try Packet()
        var stamps: [(timestamp: Int64, interval: Int)] = []
        var intervals: [Interval] = []
        var last: (timestamp: Int64, duration: Int64)?
        while try packets.read(into: packet) {
            if isCancelled() { throw ScaleError.cancelled }
            guard let pts = packet.pts else {
                throw ScaleError.failed("cannot be played backwards: a video packet has no presentation timestamp")
            }
            if packet.isKey {
                intervals.append(
                    Interval(seekTimestamp: packet.dts ?? pts, keyTimestamp: pts, startsAfresh: references.startsAfresh(packet)))
            }
            guard !intervals.isEmpty else {
                throw ScaleError.failed("cannot be played backwards: its video does not start with a key frame")
            }
            defer { packet.unref() }
            guard references.givesPicture(packet) else { continue }
            stamps.append((pts, intervals.count - 1))
            if last.map({ pts > $0.timestamp }) ?? true { last = (pts, packet.duration) }
        }
        stamps.sort { $0.timestamp < $1.timestamp }
        timestamps = stamps.map(\.timestamp)
        intervalOfFrame = stamps.map(\.interval)
        self.intervals = intervals
        lastDuration = max(last?.duration ?? 1, 1)
    }
}
