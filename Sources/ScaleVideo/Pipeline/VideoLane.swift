/// Demux → decode → frame clock → (swscale) → libx264 → muxer, for the
/// video stream. Frames the clock skips are never converted; a repeated
/// frame is sent again with a new timestamp, not copied.
/// Built on the job's thread, then handed whole to its own queue (HandOff,
/// in ScaleJob): never used from two threads at once.
final class VideoLane: ScalingLane {
    private let decoding: StreamDecoder
    private let track: EncodedTrack
    private var clock: FrameClock
    private let adapter: PictureAdapter
    private let held: Frame
    private var hasHeld = false
    private var firstTimestamp: Int64?
    private var lastTimestamp: Int64?
    private var sent = 0
    /// Where the part scaled ends, in seconds after the first frame.
    private let sourceEnd: Rational
    private let timeBase: Rational
    private let hidden: HiddenPackets

    /// - Parameters:
    ///   - mode: how the picture is written, as the job's plan decided.
    ///   - warn: told of damaged packets and frames skipped.
    init(
        video: SourceVideo, request: ScaleRequest, scale: TimeScale, timeMap: TimeMap?, frameCount: Int, mode: PictureMode,
        output: OutputFile, warn: @escaping (String) -> Void
    ) throws {
        guard let (clock, sourceEnd) = Self.clock(video: video, request: request, scale: scale, timeMap: timeMap, frameCount: frameCount)
        else { throw ScaleError.impossibleTarget }
        let hidden = HiddenPackets(disposable: video.disposablePackets, clock: clock)
        decoding = try StreamDecoder(
            path: request.input, streamIndex: video.streamIndex, kind: "video", skip: hidden.skips, warn: warn)
        let stream = decoding.stream
        self.hidden = hidden
        self.clock = clock
        self.sourceEnd = sourceEnd
        timeBase = video.timeBase
        let picture = PictureSettings(decoder: decoding.decoder, fps: request.fps, mode: mode)
        var options: [String: String] = [:]
        if let crf = request.crf { options["crf"] = String(crf) }
        if let preset = request.preset { options["preset"] = preset }
        let encoder = try picture.makeEncoder(globalHeader: output.wantsGlobalHeader, options: options)
        track = try EncodedTrack(encoder: encoder, output: output, tags: video.tags.carriedFromStream)
        picture.describe(track.stream, encodedBy: encoder)
        adapter = PictureAdapter(encoder: encoder, toneMaps: mode == .toneMapped, source: stream)
        held = try Frame()
        try StreamSideData.copyDisplayMatrix(from: stream, to: track.stream)
        if mode == .highDynamicRange {
            try StreamSideData.copyHDRMetadata(
                from: stream,
                firstFrame: { try StreamDecoder(path: request.input, streamIndex: video.streamIndex, kind: "video").nextFrame() },
                to: track.stream)
        }
    }

    let lane = Lane.video

    /// The frame clock of one factor from --start, or of the time map; and
    /// where the part of the source shown ends, in seconds after the first frame.
    private static func clock(
        video: SourceVideo, request: ScaleRequest, scale: TimeScale, timeMap: TimeMap?, frameCount: Int
    ) -> (FrameClock, Rational)? {
        if let timeMap {
            return FrameClock(map: timeMap, fps: request.fps, timeBase: video.timeBase, frameCount: frameCount).map {
                ($0, timeMap.sourceEnd)
            }
        }
        guard
            let clock = FrameClock(
                factor: scale.factor, fps: request.fps, timeBase: video.timeBase, frameCount: frameCount,
                start: request.trim.start),
            let sourceEnd = request.trim.start.adding(scale.sourceDuration)
        else { return nil }
        return (clock, sourceEnd)
    }

    /// Runs the lane to the end: exactly `frameCount` frames are encoded.
    /// Each source frame decides which output frames the one before it
    /// fills; the last fills the rest.
    func run(gate: LaneGate, progress: ProgressMeter) throws {
        defer { gate.finish(.video) }
        while !clock.isComplete {
            try gate.pass(.video)
            guard let frame = try decoding.nextFrame() else { break }
            let range = clock.arrive(timestamp: timestamp(of: frame))
            if hasHeld { try emitHeld(range, gate: gate, progress: progress) }
            held.take(from: frame)
            hasHeld = true
        }
        guard hasHeld else { throw ScaleError.noFrames }
        if !clock.isComplete { try checkReachedEnd() }
        try emitHeld(clock.finish(), gate: gate, progress: progress)
        try track.finish()
        gate.wrote(.video, upTo: track.writtenUpTo)
    }

    /// The frame's presentation time; a frame without one follows the last.
    private func timestamp(of frame: Frame) -> Int64 {
        let value = frame.timestamp ?? (lastTimestamp ?? 0) + max(frame.duration, 1)
        if firstTimestamp == nil {
            firstTimestamp = value
            hidden.start(at: value)
        }
        lastTimestamp = value
        return value
    }

    /// The source ended before its declared duration: a truncated or badly
    /// damaged file, whose last frame would otherwise be held for the rest.
    private func checkReachedEnd() throws {
        guard let first = firstTimestamp, let last = lastTimestamp else { return }
        let end = Double(last - first + held.duration) * timeBase.doubleValue
        let declared = sourceEnd.doubleValue
        if declared - end > Self.missingTolerance { throw ScaleError.truncated(endsAt: end, declared: declared) }
    }

    /// Seconds of video a source may lack at its end without being called truncated.
    static let missingTolerance = 0.5

    /// Encodes the held frame as output frames `range`.
    private func emitHeld(_ range: Range<Int>, gate: LaneGate, progress: ProgressMeter) throws {
        guard !range.isEmpty else { return }
        let picture = try adapter.adapt(held)
        picture.clearPictureType()
        for index in range {
            picture.pts = Int64(index)
            try track.encode(picture)
            gate.wrote(.video, upTo: track.writtenUpTo)
            sent += 1
            progress.update(.video, Double(sent) / Double(clock.frameCount))
        }
    }

}
