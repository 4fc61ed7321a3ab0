/// Demux → decode → picture stage → (swscale) → encoder → muxer, for the
/// video stream, a decoded frame a step. With `--motion nearest`, frames
/// the clock skips are never decoded when they can be left out
/// (its FrameSchedule, which the source's ShownPackets asks), nor converted; a
/// repeated frame is sent again with a new timestamp, not copied. Where
/// only a run of the output is made (a preview, a still), the frames that
/// only earlier output frames show are not decoded either, where the file
/// can be seeked.
final class VideoLane: TrackLane {
    private let frames: any FrameSource
    let track: EncodedTrack
    private let stage: PictureStage
    private let frameCount: Int
    private var firstTimestamp: Int64?
    private var lastTimestamp: Int64?
    /// How long the last frame decoded lasts, in the stream's time base.
    private var lastDuration: Int64 = 0
    private var sent = 0
    private var finished = false
    /// Whether a source that ends early is called truncated: not where the
    /// frames come in the output's order, which shows whatever the file holds.
    private let checksEnd: Bool
    /// Where the part scaled ends, in seconds after the first frame.
    private let sourceEnd: Rational
    private let timeBase: Rational
    /// The output frame kept as a picture (`--still`), if one is.
    private let still: StillCapture?
    /// Whether pictures are encoded; if not, the lane only makes the still's.
    private let encodes: Bool
    /// The latest picture, saved while the render runs, if asked for.
    private let live: LivePicture?
    /// The output frames made, numbered from its first in the file written.
    private let window: Range<Int>
    /// How a player shows the pictures written, for the still and the latest picture.
    private let asShown: ShownPicture

    /// - Parameters:
    ///   - shared: the job's one reading of the input, whose share of it
    ///     the lane reads unless it reads the file alone (VideoPlan.readsAlone,
    ///     asked here only); nil to read alone whatever the plan (a look, a part).
    ///   - warn: told of damaged packets and frames skipped.
    ///   - still: the output frame to keep as a picture, if any.
    ///   - encodes: false to make only the still's picture: nothing is
    ///     encoded or written, and the lane ends once it has it.
    ///   - live: where the latest picture is saved while the render runs, if anywhere.
    ///   - window: the output frames made (all by default), each the
    ///     picture the whole render shows there; the first is frame 0 of the file.
    ///   - cuts: where --motion flow counts the cuts it finds.
    init(
        _ plan: VideoPlan, shared: SharedInput?, output: OutputFile, warn: @escaping (String) -> Void,
        still: StillCapture? = nil, encodes: Bool = true, live: LivePicture? = nil, window: Range<Int>? = nil,
        cuts: SceneCuts = SceneCuts()
    ) throws {
        self.still = still
        self.encodes = encodes
        self.live = live
        let window = window ?? 0..<plan.frames
        self.window = window
        guard let sourceEnd = plan.sourceEnd else { throw ScaleError.impossibleTarget }
        let video = plan.source
        let backwards =
            try plan.picksFrames ? Self.backwards(plan, window: window, input: Self.ownReading(of: plan), warn: warn) : nil
        let schedule = try Self.schedule(backwards?.plan ?? plan, picked: backwards?.runs, window: window)
        let selection = schedule.selectsFrames ? ShownPackets(references: video.references, frames: schedule) : nil
        frames = try backwards?.frames
            ?? StreamDecoder(packets: Self.packets(of: plan, shared: shared), kind: "video", selection: selection, warn: warn)
        checksEnd = backwards == nil
        let stream = frames.stream
        frameCount = window.count
        self.sourceEnd = sourceEnd
        timeBase = video.timeBase
        let picture = PictureSettings(decoder: frames.decoder, fps: plan.fps, plan: plan.picture, encoding: plan.encoding)
        let encoder = try picture.makeEncoder(globalHeader: output.wantsGlobalHeader)
        track = try EncodedTrack(encoder: encoder, output: output, tags: plan.tags)
        picture.describe(track.stream, encodedBy: encoder)
        let adapter = PictureAdapter(encoder: encoder, toneMaps: plan.picture.mode == .toneMapped, turn: plan.picture.turn, source: stream)
        stage = try Self.stage(following: schedule, motion: plan.motion, adapter: adapter, encoder: encoder, cuts: cuts)
        if plan.picture.turn == nil { try stream.copyDisplayMatrix(to: track.stream) }
        asShown = ShownPicture(pixelShape: encoder.picture.aspectRatio, turn: plan.picture.turn == nil ? video.picture.orientation : nil)
        if let hdr = plan.picture.hdr { try track.stream.add(hdr) }
    }

    /// The frames of a map that plays backwards or runs as the smooth curve
    /// (SPEC §13), read a key-frame interval at a time where the plan found
    /// each lies (VideoPlan.frameIndex). Under --motion nearest, in the
    /// order the output shows them, one for each run of output frames (FramePicks). Under blend or flow,
    /// along a map that only plays backwards: every frame, last first, on
    /// the source's time line turned round at the end of the last frame, so
    /// that the map turned round with it plays them forwards (`plan`).
    /// Only the runs that fill output frames of `window` are read.
    private static func backwards(
        _ plan: VideoPlan, window: Range<Int>, input: OwnInput, warn: @escaping (String) -> Void
    ) throws -> (frames: BackwardFrames, runs: [FramePicks.Run]?, plan: VideoPlan) {
        guard case .map(let map) = plan.retiming, let index = plan.frameIndex else {
            throw ScaleError.impossibleTarget
        }
        guard let first = index.timestamps.first, let last = index.timestamps.last else { throw ScaleError.noFrames }
        let times = index.timestamps.map { $0 - first }
        let timeBase = plan.source.timeBase
        if plan.motion == .nearest {
            guard let picks = FramePicks(map: map, fps: plan.fps, frameCount: plan.frames, times: times, timeBase: timeBase)
            else { throw ScaleError.impossibleTarget }
            let runs = picks.runs.filter { $0.outputs.overlaps(window) }
            let frames = try BackwardFrames(input: input, index: index, order: runs.map(\.frame), warn: warn)
            return (frames, runs, plan)
        }
        // JobPlan refuses blend and flow along a map that turns.
        guard map.isBackward else { throw ScaleError.impossibleTarget }
        let highest = map.highestSource.divided(by: timeBase).map { $0.ceilOfProduct(with: 1) } ?? .max
        let end = max(Int128(last - first + index.lastDuration), highest)
        guard end < Int128(Int64.max / 2), let endTime = timeBase.multiplied(by: Rational(Int64(end), 1)!),
            let turned = map.mirrored(at: endTime, fps: plan.fps)
        else { throw ScaleError.impossibleTarget }
        let order = Array((0..<times.count).reversed())
        let frames = try BackwardFrames(
            input: input, index: index, order: order,
            restamp: { i in Int64(end) - (i + 1 < times.count ? times[i + 1] : Int64(end)) }, warn: warn)
        return (frames, nil, plan.retimed(.map(turned)))
    }

    /// The video stream's own reading of the file.
    private static func ownReading(of plan: VideoPlan) throws -> OwnInput {
        try OwnInput(path: plan.input, streamIndex: plan.source.streamIndex)
    }

    /// Where the frames read forwards come from: the share of `shared`
    /// unless the plan reads the file alone, to seek past what it does not show.
    private static func packets(of plan: VideoPlan, shared: SharedInput?) throws -> PacketInput {
        guard let shared, !plan.readsAlone else { return try ownReading(of: plan) }
        return try shared.reader(of: plan.source.streamIndex)
    }

    /// What makes each output frame of `window`, asked once: along the
    /// runs `picked` from the output's side where the frames are read in
    /// the output's order; else along the plan's clock (nearest) or its
    /// MotionPlan (blend, flow), which leaves undecoded, where only a late
    /// run of the output is made, the frames off screen by its first.
    private static func schedule(_ plan: VideoPlan, picked: [FramePicks.Run]?, window: Range<Int>) throws -> FrameSchedule {
        if let picked { return FrameSchedule(picking: picked) }
        guard var clock = plan.clock(upTo: window.upperBound) else { throw ScaleError.impossibleTarget }
        clock.firstWanted = window.lowerBound
        if plan.motion == .nearest { return FrameSchedule(holding: clock) }
        guard let motionPlan = plan.motionPlan(upTo: window.upperBound) else { throw ScaleError.impossibleTarget }
        return FrameSchedule(moving: motionPlan, skipping: window.lowerBound > 0 ? clock : nil)
    }

    /// The picture stage that takes `schedule`'s steps: the frames held or
    /// picked as they are under nearest; under blend or flow, means and
    /// in-betweens too (flow counting its cuts in `cuts`).
    private static func stage(
        following schedule: FrameSchedule, motion: Motion, adapter: PictureAdapter, encoder: Encoder, cuts: SceneCuts
    ) throws -> PictureStage {
        switch motion {
        case .nearest:
            return schedule.readsInOutputOrder
                ? PickedPictures(schedule: schedule, adapter: adapter) : try NearestPictures(schedule: schedule, adapter: adapter)
        case .blend, .flow:
            let blender = try PictureBlender(picturesOf: encoder)
            let inBetweens: InBetweenPictures =
                motion == .flow ? try OpticalFlowInBetweens(picturesOf: encoder, cuts: cuts) : CrossfadeInBetweens(blender: blender)
            return MovingPictures(schedule: schedule, adapter: adapter, blender: blender, inBetweens: inBetweens)
        }
    }

    /// Decodes the next frame and encodes the output frames it decides;
    /// after the last, the rest: exactly `frameCount` frames in all.
    func step(report: (LaneProgress) throws -> Void) throws -> Bool {
        guard !finished else { return false }
        if !encodes && still?.image != nil {
            frames.close()
            finished = true
            return false
        }
        let emit = { (range: Range<Int>, picture: () throws -> Frame) in try self.encode(picture, as: range, report: report) }
        if !stage.isComplete, let frame = try frames.nextFrame() {
            let time = timestamp(of: frame)
            lastDuration = frame.duration
            try stage.arrive(frame, at: time, emit: emit)
            return true
        }
        guard firstTimestamp != nil else { throw ScaleError.noFrames }
        if !stage.isComplete && checksEnd { try checkReachedEnd() }
        frames.close()
        try stage.finish(emit: emit)
        if encodes { try track.finish() }
        try report(progress)
        finished = true
        return false
    }

    private var progress: LaneProgress {
        LaneProgress(writtenUpTo: track.writtenUpTo, done: Double(sent) / Double(frameCount))
    }

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

    /// Encodes the picture `make` makes as the output frames of `range`
    /// in the window, reporting after each; keeps it if it is the still's.
    /// Without encoding, only the still's picture is made.
    private func encode(_ make: () throws -> Frame, as range: Range<Int>, report: (LaneProgress) throws -> Void) throws {
        let kept = still?.wants(range) ?? false
        let wanted = range.clamped(to: window)
        guard (encodes && !wanted.isEmpty) || kept else { return }
        let picture = try make()
        picture.clearPictureType()
        picture.markColours(as: track.encoder)
        if kept { try still?.keep(picture, shown: asShown) }
        guard encodes else { return }
        if let live, live.isDue { try live.save(picture, shown: asShown) }
        for index in wanted {
            picture.pts = Int64(index - window.lowerBound)
            try track.encode(picture)
            sent += 1
            try report(progress)
        }
    }
}
