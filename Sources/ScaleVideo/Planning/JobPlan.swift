import Glibc

/// What one conversion will do, decided before anything is written: the
/// source's facts, S and D and the factor between them (SPEC §3) or the
/// time map (§8), the frame count (§4), the audio's sample counts (§5), the
/// output and its container, and what the output keeps, changes and leaves
/// out. Making a plan reads the input (the audio is counted by decoding it;
/// along a map that plays backwards or a smooth curve, the video's packets
/// are read for where each frame lies) and writes nothing.
public struct JobPlan: Sendable {
    /// The request planned.
    public let request: ScaleRequest
    /// The output's container, from its extension.
    public let container: OutputContainer
    /// The source's whole duration in seconds: its video stream's, or
    /// without video its audio's (samples over rate).
    public let sourceDuration: Rational
    /// S, the part scaled (the whole source, or --start to --end), and f;
    /// along a time map, the span of source it covers and its mean factor.
    public let scale: Retime
    /// The time map the source is retimed along (with --speed, the knots
    /// it makes); nil for one constant factor.
    public let timeMap: TimeMap?
    /// Video frames to write, N = ceil(D · fps); 0 when no video is written.
    public let frames: Int
    /// The audio tracks to scale, in the input's order; empty when the output holds none.
    public let audioTracks: [AudioPlan]
    /// What the output keeps, changes and leaves out of the source.
    public let carryover: Carryover
    /// Every stream of the input, in its order, with what the output makes of it.
    public let tracks: [PlannedTrack]
    let source: SourceInfo
    /// What the video lane makes; nil when no video is written.
    let video: VideoPlan?
    /// The subtitle tracks written, in the input's order.
    let subtitles: [SubtitlePlan]
    /// How source time becomes output time.
    let retiming: Retiming
    /// The start timecode written: the source's, moved on to where the
    /// part kept starts and counted at the output's frame rate.
    let timecode: String?
    /// The source's chapters on the output's time line.
    let chapters: [Chapter]

    /// The input's path, as given.
    public var input: String { request.input }
    /// The output's path, as given.
    public var output: String { request.output }
    /// The output's frame rate, frames per second: the one asked for, or
    /// the rate the source's frames come at (`--fps source`).
    public let fps: Rational

    /// Plans `request`: probes the input, counts its audio and checks the
    /// destination, in the order the user would want to hear of problems.
    /// - Parameters:
    ///   - folderToBeMade: the output's folder does not exist yet and will be
    ///     made before the job runs, so it is not refused for that.
    ///   - warning: things worth telling that do not stop the job.
    init(request: ScaleRequest, gate: LaneGate, folderToBeMade: Bool, warning: (String) -> Void) throws {
        let container = try Self.container(of: request)
        let source = try SourceInfo(path: request.input)
        let writesVideo = source.video != nil && !container.isAudioOnly && !request.noVideo
        let audioMatters = !writesVideo || request.waveform != nil
        let tracks = try Self.checkedTracks(
            of: request, source: source, container: container, writesVideo: writesVideo, folderToBeMade: folderToBeMade)
        let counted = try tracks.compactMap { track in
            try Self.countAudio(track, request: request, source: source, gate: gate, required: audioMatters, warning: warning).map {
                (track, $0)
            }
        }
        let whole = try Self.sourceDuration(of: source, sound: counted.first?.1)
        let fps = try Self.frameRate(of: request, source: source.video, writesVideo: writesVideo)
        let timeMap = try Self.timeMap(of: request, within: whole, fps: fps)
        let scale = try Self.scale(of: request, within: whole, timeMap: timeMap)
        let retiming: Retiming = timeMap.map { .map($0) } ?? .factor(scale, start: request.trim.start)
        audioTracks = try Self.marked(
            counted.compactMap { track, counted in
                try Self.audio(
                    counted, track: track, request: request, container: container, whole: whole, retiming: retiming, fps: fps,
                    hasVideo: source.video != nil, required: audioMatters, warning: warning)
            })
        if request.waveform != nil, audioTracks.first?.sourceSamples == 0 { throw ScaleError.failed(Self.freezeWithoutSound) }
        let picture = try source.video.flatMap { writesVideo ? try Self.picture(of: $0, request: request, container: container) : nil }
        let timeline = source.video?.start ?? tracks.first?.stream.start ?? .zero
        let chapters = Self.retimedChapters(source: source, into: container, from: timeline, along: retiming.map, warning: warning)
        let timecode = writesVideo && container.holdsTimecode
            ? Self.timecode(of: source, from: retiming.sourceStart, fps: fps) : nil
        subtitles = retiming.map.map {
            Self.subtitles(of: request, source: source, container: container, origin: timeline, along: $0)
        } ?? []
        self.request = request
        self.retiming = retiming
        self.container = container
        self.source = source
        sourceDuration = whole
        self.scale = scale
        self.timeMap = timeMap
        self.fps = fps
        guard let frameCount = retiming.frameCount(fps: fps) else { throw ScaleError.impossibleTarget }
        frames = try Self.frames(writesVideo ? frameCount : 0, showing: request, fps: fps)
        if writesVideo {
            Self.warnOfUnevenLengths(picture: whole, sound: counted.first?.1, frames: frameCount, fps: fps, audio: audioTracks.first, warning: warning)
        }
        video = try source.video.flatMap { video in
            try picture.map {
                try Self.video(of: request, source: video, picture: $0, container: container, fps: fps, frames: frameCount, retiming: retiming, timecode: timecode, gate: gate)
            }
        }
        self.chapters = chapters
        self.timecode = timecode
        carryover = Carryover(
            source: source, picture: picture, container: container, chapters: chapters.count,
            request: request, fps: fps, audio: audioTracks, timecode: timecode)
        self.tracks = PlannedTrack.list(
            source, container: container, request: request, video: video, audio: audioTracks, subtitles: subtitles,
            chapters: chapters.count, timecode: timecode)
    }

    /// `frames`, the output's frame count, once the request's --still,
    /// --preview and --part are known to fit it: refused when there is no
    /// picture, when the time asked for is at or past the end, or when
    /// there are more parts than frames.
    private static func frames(_ frames: Int, showing request: ScaleRequest, fps: Rational) throws -> Int {
        let (still, preview, end) = (request.still, request.preview, Double(frames) / fps.doubleValue)
        if let part = request.part { try check(part, frames: frames) }
        if let still {
            if frames == 0 { throw ScaleError.failed("--still: the output has no picture") }
            guard let frame = still.frame(fps: fps), frame < frames else {
                throw ScaleError.failed(String(printf: "--still-at %g s: the output ends at %.3f s", still.time.doubleValue, end))
            }
        }
        if let preview {
            if frames == 0 { throw ScaleError.failed("--preview: the output has no picture") }
            guard preview.frames(fps: fps, frameCount: frames) != nil else {
                throw ScaleError.failed(String(printf: "--preview-at %g s: the output ends at %.3f s", preview.time.doubleValue, end))
            }
        }
        return frames
    }

    /// Refuses a --part of an output without a picture, or of fewer frames than parts.
    private static func check(_ part: FilmPart, frames: Int) throws {
        if frames == 0 { throw ScaleError.failed("--part splits the picture, and the output has none") }
        if frames < part.count {
            throw ScaleError.failed("--part \(part.number)/\(part.count): the output has \(frames) frames, fewer than its parts")
        }
    }

    /// Refuses a --progress-picture whose folder cannot be written.
    private static func checkProgressPicture(_ path: String?) throws {
        guard let path else { return }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        if access(folder.isEmpty ? "/" : folder, W_OK) != 0 {
            throw ScaleError.failed("--progress-picture \(path): its folder cannot be written (\(String(cString: strerror(errno))))")
        }
    }

    /// S (SPEC §3): the video's duration, or without video the sound's.
    private static func sourceDuration(of source: SourceInfo, sound: CountedAudio?) throws -> Rational {
        guard let whole = source.video?.duration ?? sound.flatMap({ Rational(Int64($0.alignment.count), Int64($0.rate)) }) else {
            throw ScaleError.unknownDuration
        }
        // Only a --start can leave nothing of a source that lasts.
        guard whole.isPositive else { throw source.video == nil ? ScaleError.noAudioSamples : ScaleError.unknownDuration }
        return whole
    }

    /// Why --waveform fails along a map that is only a freeze.
    private static let freezeWithoutSound = "--waveform has no source audio to draw: the time map is only a freeze"

    /// The audio tracks `request` keeps, once it is known that the output
    /// will hold something and that every file it writes may be written.
    private static func checkedTracks(
        of request: ScaleRequest, source: SourceInfo, container: OutputContainer, writesVideo: Bool, folderToBeMade: Bool
    ) throws -> [AudioTrack] {
        if request.noAudio && !writesVideo {
            throw ScaleError.failed("has no video to write, and --no-audio leaves out its sound")
        }
        if writesVideo, let picture = source.video?.picture { try checkEncoder(picture, codec: request.videoCodec) }
        let tracks = try audioTracks(of: request, source: source, container: container)
        if tracks.isEmpty {
            if !writesVideo { throw ScaleError.noAudioToWrite(request.output) }
            if let waveform = request.waveform { throw ScaleError.noAudioToWrite(waveform) }
        }
        for path in (request.writesToStandardOutput ? [] : [request.output]) + request.sideFiles {
            try AtomicOutput.check(finalPath: path, input: request.input, overwrite: request.overwrite, folderToBeMade: folderToBeMade)
        }
        try checkProgressPicture(request.progressPicture)
        return tracks
    }

    /// The video written: `frames` frames of `picture` at `fps` along `retiming`, in
    /// the codec asked for, with the stream's tags and the start timecode;
    /// where it picks its frames from the output's side, where they lie.
    private static func video(
        of request: ScaleRequest, source: SourceVideo, picture: PicturePlan, container: OutputContainer, fps: Rational,
        frames: Int, retiming: Retiming, timecode: String?, gate: LaneGate
    ) throws -> VideoPlan {
        var plan = VideoPlan(
            input: request.input, source: source, tags: container.streamTags(from: source.tags) + (timecode.map { [Tag("timecode", $0)] } ?? []),
            fps: fps, frames: frames, retiming: retiming, motion: request.motion, picture: picture,
            encoding: VideoEncoding(
                codec: request.videoCodec, crf: request.crf, preset: request.preset, proResProfile: request.proResProfile,
                container: container, format: picture.format))
        if retiming.picksFrames {
            plan.frameIndex = try FrameIndex(
                packets: OwnInput(path: request.input, streamIndex: source.streamIndex), references: source.references,
                isCancelled: { gate.isCancelled })
        }
        return plan
    }

    /// The subtitle tracks written (SPEC §11): each the container holds,
    /// as it is or converted to its text format, retimed from `origin` along `map`.
    private static func subtitles(
        of request: ScaleRequest, source: SourceInfo, container: OutputContainer, origin: Rational, along map: TimeMap
    ) -> [SubtitlePlan] {
        source.subtitles.compactMap { subtitle in
            let converter: String?
            switch container.subtitleWriting(codec: subtitle.codec, isText: subtitle.isText, backwards: request.playsBackwards) {
            case .copy: converter = nil
            case .convert(let encoder): converter = encoder
            case .dropped: return nil
            }
            return SubtitlePlan(
                input: request.input, source: subtitle, converter: converter, origin: origin, map: map,
                tags: container.streamTags(from: subtitle.tags))
        }
    }

    /// The picture of the time map (MapPicture): the map, or for one
    /// factor the straight line from the part's start to its end.
    func mapPicture() throws -> RGBImage {
        guard let map = retiming.map else { throw ScaleError.impossibleTarget }
        return MapPicture.render(map)
    }

    /// D, the output's duration in seconds.
    public var targetDuration: Double { retiming.duration }

    /// The frames the file written holds: a part's (`--part`), or all N.
    public var writtenFrames: Int { request.part.map { $0.frames(of: frames).count } ?? frames }

    /// How long the file written lasts, in seconds: a part's frames, or D.
    public var writtenDuration: Double { request.part == nil ? targetDuration : Double(writtenFrames) / fps.doubleValue }

    /// How the frames are made; nil when no video is written.
    public var motion: Motion? { frames > 0 ? request.motion : nil }

    /// The video codec written; nil when no video is written.
    public var videoCodec: VideoCodec? { frames > 0 ? request.videoCodec : nil }

    /// The ProRes flavour written; nil unless ProRes video is written.
    public var proResProfile: ProResProfile? { videoCodec == .prores ? request.proResProfile : nil }

    /// The audio codec written (FLAC for pcm in `.flac`); nil when no audio is written.
    public var audioCodec: AudioCodec? { audio?.encoding.codec }

    private static func container(of request: ScaleRequest) throws -> OutputContainer {
        guard let container = request.outputContainer else {
            throw ScaleError.unsupportedContainer(request.output)
        }
        if request.writesToStandardOutput, let refusal = container.streamingRefusal { throw ScaleError.failed(refusal) }
        if !request.noAudio, let refusal = container.refusal(of: request.audioCodec) {
            throw ScaleError.codecNotInContainer(refusal)
        }
        if !container.isAudioOnly, !request.noVideo, let refusal = container.refusal(of: request.videoCodec) {
            throw ScaleError.codecNotInContainer(refusal)
        }
        return container
    }

}
