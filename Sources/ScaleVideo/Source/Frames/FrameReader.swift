/// The one reader of a video lane's frames (SPEC §4, §8, §9, §13). It alone
/// chooses where they come from: the job's shared reading of the input, or
/// a reading of its own where it skips more than a second of source (so as
/// to seek past what it does not show), or, where the map falls or runs as
/// the smooth curve, a key-frame interval at a time in the order the output
/// shows them (BackwardFrames over FrameIndex). It owns the lane's
/// FrameSchedule: it asks it which packets to decode (ShownPackets) and
/// hands each frame on with the steps its arrival lets the picture stage
/// take, so nothing it decides is shared with the stage.
final class FrameReader {
    /// What it reads and along which retiming, as the lane's plan says.
    struct Reading {
        let path: String
        let video: SourceVideo
        /// Where each frame lies, read while the job was planned; needed where the frames are picked.
        let index: FrameIndex?
        let retiming: Retiming
        let fps: Rational
        /// N.
        let frames: Int
        /// Whether output frames may be made of several source frames (blend, flow).
        let moving: Bool
        /// The output frames made.
        let window: Range<Int>
    }

    /// A frame as read, with its presentation time and what the stage does now.
    struct Arrival {
        let frame: Frame
        let steps: [FrameSchedule.Step]
    }

    private let frames: any FrameSource
    private let schedule: FrameSchedule
    /// Whether a source that ends early is called truncated: not where the
    /// frames come in the output's order, which shows whatever the file holds.
    private let checksEnd: Bool
    /// Where the part scaled ends, in seconds after the first frame.
    private let sourceEnd: Rational
    private let timeBase: Rational
    private var firstTimestamp: Int64?
    private var lastTimestamp: Int64?
    /// How long the last frame read lasts, in the stream's time base.
    private var lastDuration: Int64 = 0

    /// - Parameter shared: the job's one reading of the input; nil to read alone (a look, a part).
    init(_ reading: Reading, shared: SharedInput?, warn: @escaping (String) -> Void) throws {
        guard let sourceEnd = reading.retiming.sourceEnd else { throw ScaleError.impossibleTarget }
        self.sourceEnd = sourceEnd
        timeBase = reading.video.timeBase
        if reading.retiming.picksFrames {
            (frames, schedule) = try Self.picked(reading, warn: warn)
            checksEnd = false
            return
        }
        guard
            let schedule = FrameSchedule(
                retiming: reading.retiming, fps: reading.fps, timeBase: timeBase, window: reading.window, moving: reading.moving)
        else { throw ScaleError.impossibleTarget }
        self.schedule = schedule
        let selection = schedule.selectsFrames ? ShownPackets(references: reading.video.references, frames: schedule) : nil
        frames = try StreamDecoder(packets: Self.packets(reading, shared: shared), kind: "video", selection: selection, warn: warn)
        checksEnd = true
    }

    /// The stream the frames are decoded from, and its decoder.
    var stream: Stream { frames.stream }
    var decoder: Decoder { frames.decoder }

    /// Every output frame is decided; later frames cannot show.
    var isComplete: Bool { schedule.isComplete }

    /// The frames a later step may still name, by arrival number.
    var kept: [Int] { schedule.kept }

    /// The next frame and the steps it lets the stage take; nil at the end of the source.
    func next() throws -> Arrival? {
        guard let frame = try frames.nextFrame() else { return nil }
        let time = timestamp(of: frame)
        lastDuration = frame.duration
        guard let steps = schedule.arrive(timestamp: time) else { throw ScaleError.impossibleTarget }
        return Arrival(frame: frame, steps: steps)
    }

    /// The source has ended (or no frame is wanted any more): the steps
    /// left, after checking that a source read forwards was not cut short
    /// while frames were still due.
    func finish() throws -> [FrameSchedule.Step] {
        guard firstTimestamp != nil else { throw ScaleError.noFrames }
        if !schedule.isComplete && checksEnd { try checkReachedEnd() }
        frames.close()
        guard let steps = schedule.finish() else {
            if schedule.readsInOutputOrder { throw ScaleError.failed("the video played backwards ended before its last frame") }
            throw ScaleError.impossibleTarget
        }
        return steps
    }

    /// No frame is wanted any more: nothing more is read for them.
    func close() { frames.close() }

    /// The frame's presentation time; a frame without one follows the last.
    private func timestamp(of frame: Frame) -> Int64 {
        let value = frame.timestamp ?? (lastTimestamp ?? 0) + max(frame.duration, 1)
        if firstTimestamp == nil { firstTimestamp = value }
        lastTimestamp = value
        return value
    }

    /// The source ended before its declared duration: a truncated or badly
    /// damaged file, whose last frame would otherwise be held for the rest.
    private func checkReachedEnd() throws {
        guard let first = firstTimestamp, let last = lastTimestamp else { return }
        let end = Double(last - first + lastDuration) * timeBase.doubleValue
        let declared = sourceEnd.doubleValue
        if declared - end > SourceVideo.missingTolerance { throw ScaleError.truncated(endsAt: end, declared: declared) }
    }

    /// Where the frames read forwards come from: the share of `shared`,
    /// unless nearest frames skip more than a second of source at once
    /// (before the first, or between two), where a reading of its own
    /// seeks past what they do not show.
    private static func packets(_ reading: Reading, shared: SharedInput?) throws -> PacketInput {
        let alone = !reading.moving && reading.retiming.longestSkip(fps: reading.fps) > 1
        guard let shared, !alone else { return try OwnInput(path: reading.path, streamIndex: reading.video.streamIndex) }
        return shared.reader(of: reading.video.streamIndex)
    }
}
