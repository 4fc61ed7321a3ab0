/// Demux → decode → picture stage → (swscale) → encoder → muxer, for the
/// video stream, a decoded frame a step. Its FrameReader chooses where the
/// frames come from and which are decoded, and hands each on with the
/// steps of the lane's FrameSchedule; the picture stage makes the pictures
/// the steps say. With `--motion nearest`, frames the clock skips are never
/// decoded when they can be left out, nor converted; a repeated frame is
/// sent again with a new timestamp, not copied. Where only a run of the
/// output is made (a preview, a still), the frames that only earlier output
/// frames show are not decoded either, where the file can be seeked.
final class VideoLane: TrackLane {
    private let reader: FrameReader
    let track: EncodedTrack
    private let stage: PictureStage
    private var sent = 0
    private var finished = false
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
    ///   - shared: the job's one reading of the input, whose share the
    ///     reader takes unless it reads the file alone (FrameReader decides);
    ///     nil to read alone whatever the plan (a look, a part).
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
        let video = plan.source
        reader = try FrameReader(
            FrameReader.Reading(
                path: plan.input, video: video, index: plan.frameIndex, retiming: plan.retiming, fps: plan.fps, frames: plan.frames,
                moving: plan.motion != .nearest, window: window),
            shared: shared, warn: warn)
        let stream = reader.stream
        let picture = PictureSettings(decoder: reader.decoder, fps: plan.fps, plan: plan.picture, encoding: plan.encoding)
        let encoder = try picture.makeEncoder(globalHeader: output.wantsGlobalHeader)
        track = try EncodedTrack(encoder: encoder, output: output, tags: plan.tags)
        picture.describe(track.stream, encodedBy: encoder)
        let adapter = PictureAdapter(encoder: encoder, toneMaps: plan.picture.mode == .toneMapped, turn: plan.picture.turn, source: stream)
        stage = PictureStage(adapter: adapter, mixing: try Self.mixing(plan.motion, encoder: encoder, cuts: cuts))
        if plan.picture.turn == nil { try stream.copyDisplayMatrix(to: track.stream) }
        asShown = ShownPicture(pixelShape: encoder.picture.aspectRatio, turn: plan.picture.turn == nil ? video.picture.orientation : nil)
        if let hdr = plan.picture.hdr { try track.stream.add(hdr) }
    }

    /// What makes the pictures of blend or flow that are not source frames
    /// as they are (flow counting its cuts in `cuts`); nil under nearest.
    private static func mixing(_ motion: Motion, encoder: Encoder, cuts: SceneCuts) throws -> PictureStage.Mixing? {
        guard motion != .nearest else { return nil }
        let blender = try PictureBlender(picturesOf: encoder)
        let inBetweens: InBetweenPictures =
            motion == .flow ? try OpticalFlowInBetweens(picturesOf: encoder, cuts: cuts) : CrossfadeInBetweens(blender: blender)
        return PictureStage.Mixing(blender: blender, inBetweens: inBetweens)
    }

    /// Decodes the next frame and encodes the output frames it decides;
    /// after the last, the rest: exactly the window's frames in all.
    func step(report: (LaneProgress) throws -> Void) throws -> Bool {
        guard !finished else { return false }
        if !encodes && still?.image != nil {
            reader.close()
            finished = true
            return false
        }
        let emit = { (range: Range<Int>, picture: () throws -> Frame) in try self.encode(picture, as: range, report: report) }
        if !reader.isComplete, let arrival = try reader.next() {
            try stage.arrive(arrival.frame, steps: arrival.steps, kept: reader.kept, emit: emit)
            return true
        }
        try stage.finish(reader.finish(), emit: emit)
        if encodes { try track.finish() }
        try report(progress)
        finished = true
        return false
    }

    private var progress: LaneProgress {
        LaneProgress(writtenUpTo: track.writtenUpTo, done: Double(sent) / Double(window.count))
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
