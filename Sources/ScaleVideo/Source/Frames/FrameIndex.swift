/// Every frame of a video stream and the key-frame interval it is decoded
/// in, read from its packets without decoding them: what a backward
/// reading (BackwardFrames) needs to know before it seeks.
struct FrameIndex {
    /// One key-frame interval: its key packet, and where to seek for it.
    struct Interval {
        /// The key packet's decode timestamp (its presentation one where it has none).
        let seekTimestamp: Int64
        /// The key packet's timestamp as the file gives it, what a seek
        /// looks for: its presentation one, else its decode one.
        let keyTimestamp: Int64
        /// Where the key frame is presented. The interval's frames presented
        /// before it (the leading frames of an open GOP) also refer to frames before it.
        let shownTimestamp: Int64
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
    /// No packet carries a presentation timestamp (H.264 in AVI, its
    /// frames stored in decoding order): the stream being constant-rate,
    /// the frames take the decoding timestamps in the order the decoder
    /// gives them out, so a decoded frame is known by its place in that
    /// order from a key frame, not by the timestamp it comes with.
    let timesFollowDecoding: Bool

    /// Reads every packet of `packets`' stream. A packet that gives no
    /// picture (PacketReferences.givesPicture: a hidden VP8/VP9 frame, one
    /// an edit list leaves out) is no frame, though a key packet among them
    /// still starts an interval. A packet without a presentation timestamp
    /// (AVI, whose reordered frames carry only their decoding order) is
    /// presented where the decoder puts it: at the decoding timestamp of the
    /// next such packet, the frames with timestamps (B-frames) coming
    /// between; the last one after everything else. Where no packet has
    /// one, the frames take the decoding timestamps in order (`timesFollowDecoding`).
    /// Packets before the first key packet are no frames: a decoder shows
    /// nothing before a key frame.
    /// - Throws: `ScaleError.failed` when a packet has no timestamp at all,
    ///   or none is a key packet.
    init(packets: PacketInput, references: PacketReferences, isCancelled: () -> Bool) throws {
        let packet = try Packet()
        var stamps: [(timestamp: Int64, interval: Int)] = []
        /// Each frame's timestamp as its packet gives it, before the frames without a presentation one are moved.
        var given: [Int64] = []
        /// Each interval's key packet, and its frame where it gives one.
        var keys: [(packet: Int64, seek: Int64, frame: Int?, startsAfresh: Bool)] = []
        var last: (timestamp: Int64, duration: Int64)?
        /// The frame waiting for the next packet without a presentation timestamp, and how long it lasts.
        var waiting: (frame: Int, duration: Int64)?
        var presented = false
        while try packets.read(into: packet) {
            if isCancelled() { throw ScaleError.cancelled }
            guard let decoded = packet.pts ?? packet.dts else {
                throw ScaleError.failed("cannot be played backwards: a video packet has no timestamp")
            }
            let givesPicture = references.givesPicture(packet)
            if packet.isKey {
                keys.append((decoded, packet.dts ?? decoded, givesPicture ? stamps.count : nil, references.startsAfresh(packet)))
            }
            defer { packet.unref() }
            // Before the first key packet (a transport stream joined between key frames) nothing can be decoded.
            guard !keys.isEmpty else { continue }
            guard givesPicture else { continue }
            presented = presented || packet.pts != nil
            if packet.pts == nil {
                if let waiting { stamps[waiting.frame].timestamp = decoded }
                waiting = (stamps.count, packet.duration)
            }
            stamps.append((decoded, keys.count - 1))
            given.append(decoded)
            if last.map({ decoded > $0.timestamp }) ?? true { last = (decoded, packet.duration) }
        }
        guard !keys.isEmpty else { throw ScaleError.failed("cannot be played backwards: its video has no key frame") }
        timesFollowDecoding = !presented && !stamps.isEmpty
        if timesFollowDecoding {
            for frame in stamps.indices { stamps[frame].timestamp = given[frame] }
        } else if let waiting, let end = stamps.map(\.timestamp).max() {
            stamps[waiting.frame].timestamp = end + max(waiting.duration, 1)
            last = (stamps[waiting.frame].timestamp, waiting.duration)
        }
        intervals = keys.map { key in
            Interval(
                seekTimestamp: key.seek, keyTimestamp: key.packet, shownTimestamp: key.frame.map { stamps[$0].timestamp } ?? key.packet,
                startsAfresh: key.startsAfresh)
        }
        stamps.sort { $0.timestamp < $1.timestamp }
        timestamps = stamps.map(\.timestamp)
        intervalOfFrame = stamps.map(\.interval)
        lastDuration = max(last?.duration ?? 1, 1)
    }
}
