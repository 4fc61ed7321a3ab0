/// Demux → decode → picture stage → (swscale) → encoder → muxer, for the
/// video stream. With `--motion nearest`, frames the clock skips are never
/// decoded when they can be left out (ShownPackets), nor converted; a
/// repeated frame is sent again with a new timestamp, not copied.
/// Built on the job's thread, then handed whole to its own queue (HandOff,
/// in ScaleJob): never used from two threads at once.
final class VideoLane: ScalingLane {
    private let decoding: StreamDecoder
    private let track: EncodedTrack
    private let stage: PictureStage
    private let frameCount: Int
    private var firstTimestamp: Int64?
    private var lastTimestamp: Int64?
    /// How long the last frame decoded lasts, in the stream's time base.
    private var lastDuration: Int64 = 0
    private var sent = 0
    /// Where the part scaled ends, in seconds after the first frame.
    private let sourceEnd: Rational
    private let timeBase: Rational
    private let shown: ShownPackets?

    /// - Parameters:
    ///   - fps: the output's frame rate, as the plan resolved it.
    ///   - picture: how the picture is written, as the job's plan decided.
    ///   - warn: told of damaged packets and frames skipped.
    init(
        video: SourceVideo, request: ScaleRequest, fps: Rational, scale: TimeScale, timeMap: TimeMap?, frameCount: Int,
        picture plan: PicturePlan, output: OutputFile, warn: @escaping (String) -> Void
    ) throws {
        guard let (clock, sourceEnd) = Self.clock(video: video, request: request, fps: fps, scale: scale, timeMap: timeMap, frameCount: frameCount)
        else { throw ScaleError.impossibleTarget }
        // A blend or a flow needs every frame.
        let shown = request.motion == .nearest ? ShownPackets(references: video.references, clock: clock) : nil
        decoding = try StreamDecoder(
            path: request.input, streamIndex: video.streamIndex, kind: "video", selection: shown, warn: warn)
        let stream = decoding.stream
        self.shown = shown
        self.frameCount = frameCount
        self.sourceEnd = sourceEnd
        timeBase = video.timeBase
        let picture = PictureSettings(
            decoder: decoding.decoder, fps: fps, mode: plan.mode, encoding: VideoEncoding(request: request, format: plan.format))
        let encoder = try picture.makeEncoder(globalHeader: output.wantsGlobalHeader)
        track = try EncodedTrack(encoder: encoder, output: output, tags: video.tags.carriedFromStream)
        picture.describe(track.stream, encodedBy: encoder)
        let adapter = PictureAdapter(encoder: encoder, toneMaps: plan.mode == .toneMapped, source: stream)
        stage = try Self.stage(
            request.motion, clock: clock, video: video, request: request, fps: fps, scale: scale, timeMap: timeMap,
            frameCount: frameCount, adapter: adapter, encoder: encoder)
        try StreamSideData.copyDisplayMatrix(from: stream, to: track.stream)
        if let hdr = plan.hdr { try StreamSideData.add(hdr, to: track.stream) }
    }

    let lane = Lane.video

    /// The frame clock of one factor from --start, or of the time map; and
    /// where the part of the source shown ends, in seconds after the first frame.
    private static func clock(
        video: SourceVideo, request: ScaleRequest, fps: Rational, scale: TimeScale, timeMap: TimeMap?, frameCount: Int
    ) -> (FrameClock, Rational)? {
        if let timeMap {
            return FrameClock(map: timeMap, fps: fps, timeBase: video.timeBase, frameCount: frameCount).map {
                ($0, timeMap.sourceEnd)
            }
        }
        guard
            let clock = FrameClock(
                factor: scale.factor, fps: fps, timeBase: video.timeBase, frameCount: frameCount,
                start: request.trim.start),
            let sourceEnd = request.trim.start.adding(scale.sourceDuration)
        else { return nil }
        return (clock, sourceEnd)
    }

    /// The picture stage of `motion`.
    private static func stage(
        _ motion: Motion, clock: FrameClock, video: SourceVideo, request: ScaleRequest, fps: Rational, scale: TimeScale,
        timeMap: TimeMap?,
        frameCount: Int, adapter: PictureAdapter, encoder: Encoder
    ) throws -> PictureStage {
        switch motion {
        case .nearest:
            return try NearestPictures(clock: clock, adapter: adapter)
        case .blend, .flow:
            guard
                let plan = timeMap.map({ MotionPlan(map: $0, fps: fps, timeBase: video.timeBase, frameCount: frameCount) })
                    ?? MotionPlan(
                        scale: scale, fps: fps, timeBase: video.timeBase, frameCount: frameCount, start: request.trim.start)
            else { throw ScaleError.impossibleTarget }
            let blender = try PictureBlender(picturesOf: encoder)
            if motion == .flow { return try FlowPictures(plan: plan, adapter: adapter, blender: blender) }
            return BlendedPictures(plan: plan, adapter: adapter, blender: blender)
        }
    }

    /// Runs the lane to the end: exactly `frameCount` frames are encoded.
    func run(gate: LaneGate, progress: ProgressMeter) throws {
        defer { gate.finish(.video) }
        let emit = { (range: Range<Int>, picture: Frame) in try self.encode(picture, as: range, gate: gate, progress: progress) }
        while !stage.isComplete {
            try gate.pass(.video)
            guard let frame = try decoding.nextFrame() else { break }
            let time = timestamp(of: frame)
            lastDuration = frame.duration
            try stage.arrive(frame, at: time, emit: emit)
        }
        guard firstTimestamp != nil else { throw ScaleError.noFrames }
        if !stage.isComplete { try checkReachedEnd() }
        try stage.finish(emit: emit)
        try track.finish()
        gate.wrote(.video, upTo: track.writtenUpTo)
    }

    /// The frame's presentation time; a frame without one follows the last.
    private func timestamp(of frame: Frame) -> Int64 {
        let value = frame.timestamp ?? (lastTimestamp ?? 0) + max(frame.duration, 1)
        if firstTimestamp == nil {
            firstTimestamp = value
            shown?.start(at: value)
        }
        lastTimestamp = value
        return value
    }

    /// The source ended before its declared duration: a truncated or badly
    /// damaged file, whose last frame would otherwise be held for the rest.
    private func checkReachedEnd() throws {
        guard let first = firstTimestamp, let last = lastTimestamp else { return }
        let end = Double(last - first + lastDuration) * timeBase.doubleValue
        let declared = sourceEnd.doubleValue
        if declared - end > Self.missingTolerance { throw ScaleError.truncated(endsAt: end, declared: declared) }
    }

    /// Seconds of video a source may lack at its end without being called truncated.
    static let missingTolerance = 0.5

    /// Encodes `picture` as output frames `range`.
    private func encode(_ picture: Frame, as range: Range<Int>, gate: LaneGate, progress: ProgressMeter) throws {
        picture.clearPictureType()
        picture.markColours(as: track.encoder)
        for index in range {
            picture.pts = Int64(index)
            try track.encode(picture)
            gate.wrote(.video, upTo: track.writtenUpTo)
            sent += 1
            progress.update(.video, Double(sent) / Double(frameCount))
        }
    }
}
