/// What one conversion will do, decided before anything is written: the
/// source's facts, S and D and the factor between them (SPEC §3) or the
/// time map (§8), the frame count (§4), the audio's sample counts (§5), the
/// output and its container, and what the output keeps, changes and leaves
/// out. Making a plan reads the input (the audio is counted by decoding it)
/// and writes nothing.
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
    public let scale: TimeScale
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
        if request.noAudio && !writesVideo {
            throw ScaleError.failed("has no video to write, and --no-audio leaves out its sound")
        }
        if writesVideo, let picture = source.video?.picture { try Self.checkSize(picture, codec: request.videoCodec) }
        let audioMatters = !writesVideo || request.waveform != nil
        let tracks = try Self.audioTracks(of: request, source: source, container: container)
        if tracks.isEmpty {
            if !writesVideo { throw ScaleError.noAudioToWrite(request.output) }
            if let waveform = request.waveform { throw ScaleError.noAudioToWrite(waveform) }
        }
        for path in (request.writesToStandardOutput ? [] : [request.output]) + request.sideFiles {
            try AtomicOutput.check(finalPath: path, input: request.input, overwrite: request.overwrite, folderToBeMade: folderToBeMade)
        }
        let counted = try tracks.compactMap { track in
            try Self.countAudio(track, request: request, source: source, gate: gate, required: audioMatters, warning: warning).map {
                (track, $0)
            }
        }
        guard let whole = source.video?.duration ?? counted.first.flatMap({ Rational(Int64($0.1.alignment.count), Int64($0.1.rate)) })
        else { throw ScaleError.unknownDuration }
        // Only a --start can leave nothing of a source that lasts.
        guard whole.isPositive else { throw source.video == nil ? ScaleError.noAudioSamples : ScaleError.unknownDuration }
        let fps = try Self.frameRate(of: request, source: source.video, writesVideo: writesVideo)
        var timeMap = try request.reverse
            ? Self.reverseMap(of: request, within: whole, fps: fps) : Self.timeMap(of: request.target, sourceDuration: whole, fps: fps)
        if request.curve == .smooth {
            guard timeMap != nil else { throw ScaleError.failed("--curve smooth shapes a time map: give --time-map or --speed") }
            if writesVideo && request.motion != .nearest {
                throw ScaleError.failed(Self.curveRefusal(motion: request.motion))
            }
            timeMap?.curve = .smooth
        }
        if timeMap != nil && !request.trim.isWhole && !request.reverse {
            throw ScaleError.failed("a time map replaces --start and --end")
        }
        if writesVideo, request.motion != .nearest, let turn = timeMap?.firstTurn {
            throw ScaleError.failed(Self.turnRefusal(motion: request.motion, at: turn))
        }
        let scale = try Self.scale(of: request, within: whole, timeMap: timeMap)
        let audio = try Self.marked(
            counted.compactMap { track, counted in
                try Self.audio(
                    counted, track: track, request: request, container: container, whole: whole, scale: scale, timeMap: timeMap,
                    fps: fps, hasVideo: source.video != nil, required: audioMatters, warning: warning)
            })
        if request.waveform != nil, audio.first?.sourceSamples == 0 {
            throw ScaleError.failed("--waveform has no source audio to draw: the time map is only a freeze")
        }
        let picture = try source.video.flatMap { writesVideo ? try Self.picture(of: $0, request: request, container: container) : nil }
        let timeline = source.video?.start ?? tracks.first?.stream.start ?? .zero
        let chapters =
            container.carriesChapters
            ? Self.retimedChapters(
                source: source, from: timeline, trim: request.trim, scale: scale, timeMap: timeMap, warning: warning) : []
        let retiming: Retiming = timeMap.map { .map($0) } ?? .factor(scale, start: request.trim.start)
        let timecode = writesVideo && container.holdsTimecode
            ? Self.timecode(of: source, from: timeMap?.sourceStart ?? request.trim.start, fps: fps) : nil
        let duration = timeMap?.duration ?? scale.exactTargetDuration
        subtitles = duration.map { duration in
            source.subtitles.compactMap { subtitle in
                let converter: String?
                switch container.subtitleWriting(codec: subtitle.codec, isText: subtitle.isText, backwards: request.playsBackwards) {
                case .copy: converter = nil
                case .convert(let encoder): converter = encoder
                case .dropped: return nil
                }
                return SubtitlePlan(
                    input: request.input, source: subtitle, converter: converter, origin: timeline, retiming: retiming,
                    duration: duration, tags: container.streamTags(from: subtitle.tags))
            }
        } ?? []
        self.request = request
        self.retiming = retiming
        self.container = container
        self.source = source
        sourceDuration = whole
        self.scale = scale
        self.timeMap = timeMap
        self.fps = fps
        let frameCount = timeMap.map { $0.frameCount(fps: fps) } ?? scale.frameCount(fps: fps)
        guard let frameCount else { throw ScaleError.impossibleTarget }
        frames = writesVideo ? frameCount : 0
        audioTracks = audio
        if writesVideo, let sound = counted.first?.1, let track = audio.first {
            let written = (Double(frameCount) / fps.doubleValue, Double(track.writtenSamples) / Double(track.writtenRate))
            Self.warnOfUnevenLengths(picture: whole, sound: sound, written: written, warning: warning)
        }
        video = source.video.flatMap { video in
            picture.map {
                VideoPlan(
                    input: request.input, source: video,
                    tags: container.streamTags(from: video.tags) + (timecode.map { [Tag("timecode", $0)] } ?? []), fps: fps,
                    frames: frameCount,
                    retiming: retiming, motion: request.motion, picture: $0,
                    encoding: VideoEncoding(
                        codec: request.videoCodec, crf: request.crf, preset: request.preset, proResProfile: request.proResProfile,
                        container: container, format: $0.format))
            }
        }
        self.chapters = chapters
        self.timecode = timecode
        carryover = Carryover(
            source: source, picture: picture, container: container, chapters: chapters.count,
            request: request, fps: fps, audio: audio, timecode: timecode)
        self.tracks = PlannedTrack.list(
            source, container: container, request: request, video: video, audio: audio, subtitles: subtitles,
            chapters: chapters.count, timecode: timecode)
    }

    /// The picture of the time map (MapPicture): the map, or for one
    /// factor the straight line from the part's start to its end.
    func mapPicture() throws -> RGBImage {
        if let timeMap { return MapPicture.render(timeMap) }
        let start = request.trim.start
        guard let end = start.adding(scale.sourceDuration), let duration = scale.exactTargetDuration,
            let line = try? TimeMap(knots: [TimeMap.Knot(source: start, output: .zero), TimeMap.Knot(source: end, output: duration)], fps: fps)
        else { throw ScaleError.impossibleTarget }
        return MapPicture.render(line)
    }

    /// D, the output's duration in seconds.
    public var targetDuration: Double { timeMap?.duration.doubleValue ?? scale.targetDuration }

    /// The source's start timecode moved on by `start` seconds (where the
    /// part kept starts) and counted at `fps`; nil without one, or when it
    /// cannot be read at the source's rate.
    private static func timecode(of source: SourceInfo, from start: Rational, fps: Rational) -> String? {
        guard let text = source.timecode, let rate = source.video?.frameRate,
            let seconds = Timecode.seconds(of: text, rate: rate)?.adding(start)
        else { return nil }
        return Timecode.text(of: seconds, rate: fps)
    }

    /// The output's frame rate: the one asked for, or the source's own (SourceVideo.frameRate).
    /// Without video written, any rate does: the source's, or 30.
    private static func frameRate(of request: ScaleRequest, source: SourceVideo?, writesVideo: Bool) throws -> Rational {
        if let rate = request.fps.resolved(sourceRate: source?.frameRate) {
            guard !writesVideo || rate.doubleValue <= 1000 else {
                throw ScaleError.failed("its frame rate \(rate) is above 1000 fps: give --fps")
            }
            return rate
        }
        if writesVideo { throw ScaleError.failed("its video states no frame rate: give --fps") }
        return Rational(30, 1)!
    }

    /// The map `target` asks for in a source lasting `sourceDuration`
    /// (nil for a constant target); a map that does not fit this source
    /// fails it, naming the knot.
    private static func timeMap(of target: TimeScale.Target, sourceDuration: Rational, fps: Rational) throws -> TimeMap? {
        do throws(TimeMapError) {
            switch target {
            case .duration, .factor:
                return nil
            case .timeMap(let map):
                let checked = try map.validated(fps: fps)
                try checked.check(sourceDuration: sourceDuration)
                return checked
            case .speeds(let speeds):
                return try speeds.timeMap(sourceDuration: sourceDuration, fps: fps)
            }
        } catch {
            throw ScaleError.failed(error.description)
        }
    }

    /// Why --motion blend or flow cannot follow a map that turns at `knot`.
    public static func turnRefusal(motion: Motion, at knot: String) -> String {
        "--motion \(motion.rawValue) follows a time map that plays only forwards or only backwards, and this one turns at \(knot): "
            + "use --motion nearest, or make one output of each part"
    }

    /// Why --motion blend or flow cannot follow --curve smooth.
    public static func curveRefusal(motion: Motion) -> String {
        "--motion \(motion.rawValue) follows straight time maps: with --curve smooth use --motion nearest"
    }

    /// The map `--reverse` means (SPEC §13): the part from --start to --end
    /// played backwards in D seconds, D from --duration or --factor.
    private static func reverseMap(of request: ScaleRequest, within whole: Rational, fps: Rational) throws -> TimeMap {
        let span = try trimmedSpan(of: request, within: whole)
        guard let end = request.trim.start.adding(span) else { throw ScaleError.impossibleTarget }
        guard let duration = TimeScale(sourceDuration: span, target: request.target)?.exactTargetDuration else {
            throw ScaleError.impossibleTarget
        }
        do throws(TimeMapError) {
            return try TimeMap.reverse(start: request.trim.start, end: end, duration: duration, fps: fps)
        } catch {
            throw ScaleError.failed(error.description)
        }
    }

    /// S and f of a constant target, from --start to --end; or the span of
    /// source a time map covers.
    private static func scale(of request: ScaleRequest, within whole: Rational, timeMap: TimeMap?) throws -> TimeScale {
        if let timeMap {
            guard let span = timeMap.highestSource.subtracting(timeMap.lowestSource) else { throw ScaleError.impossibleTarget }
            return TimeScale(sourceDuration: span, mapDuration: timeMap.duration)
        }
        guard let scale = TimeScale(sourceDuration: try trimmedSpan(of: request, within: whole), target: request.target) else {
            throw ScaleError.impossibleTarget
        }
        return scale
    }

    /// The length of the part from --start to --end of a source lasting
    /// `whole`; fails when --end is past its end or nothing is left after --start.
    private static func trimmedSpan(of request: ScaleRequest, within whole: Rational) throws -> Rational {
        if let end = request.trim.end, end > whole {
            throw ScaleError.endPastEnd(end: end.doubleValue, duration: whole.doubleValue)
        }
        guard let span = request.trim.duration(within: whole) else {
            throw ScaleError.startPastEnd(start: request.trim.start.doubleValue, duration: whole.doubleValue)
        }
        return span
    }

    /// Tells when the picture and the sound (lined up with it) last very
    /// differently, one less than half the other and more than half a
    /// second apart: scaled alike, the output's picture and sound then end
    /// far apart too, which the result line alone would not show.
    private static func warnOfUnevenLengths(
        picture: Rational, sound: CountedAudio, written: (picture: Double, sound: Double), warning: (String) -> Void
    ) {
        let (seen, heard) = (picture.doubleValue, Double(sound.alignment.count) / Double(sound.rate))
        guard abs(seen - heard) > 0.5, min(seen, heard) < max(seen, heard) / 2 else { return }
        let seconds = { (value: Double) in String(printf: "%.3f", value) }
        warning(
            "its picture lasts \(seconds(seen)) s and its sound \(seconds(heard)) s: the output's picture lasts "
                + "\(seconds(written.picture)) s and its sound \(seconds(written.sound)) s")
    }

    /// How the frames are made; nil when no video is written.
    public var motion: Motion? { frames > 0 ? request.motion : nil }

    /// The encoder takes pictures of `codec.smallestSide` each way and more.
    private static func checkSize(_ picture: SourcePicture, codec: VideoCodec) throws {
        let (width, height, least) = (picture.width & ~1, picture.height & ~1, codec.smallestSide)
        guard width < least || height < least else { return }
        throw ScaleError.failed(
            "its picture is \(picture.width)x\(picture.height), too small to encode: \(codec.title) takes pictures of at least "
                + "\(least)x\(least) (a size is rounded down to even)")
    }

    /// How `video`'s picture is written: its mode, the pixel format, for
    /// HDR kept the metadata the source has (read from its first frame
    /// where the stream does not hold it), and its orientation turned into
    /// the pixels where `container` cannot mark it.
    private static func picture(of video: SourceVideo, request: ScaleRequest, container: OutputContainer) throws -> PicturePlan {
        let mode = PictureMode(source: video.picture, keepHDR: request.keepHDR)
        if request.motion == .flow { try checkFlow(video.picture) }
        let format = video.picture.format.written(
            by: request.videoCodec, profile: request.proResProfile, mode: mode, motion: request.motion)
        do {
            let hdr = mode == .highDynamicRange ? try StreamSideData.hdrMetadata(of: request.input, streamIndex: video.streamIndex) : nil
            let turn = container.marksOrientation ? nil : video.picture.orientation
            let fullRange = video.picture.isFullRange && mode == .standard && request.videoCodec.marksFullRange
            return PicturePlan(mode: mode, format: format, hdr: hdr, fullRange: fullRange, turn: turn)
        } catch let error as FFmpegError {
            throw ScaleError.failed("its HDR metadata cannot be read (\(error.message))")
        }
    }

    /// `--motion flow` makes pictures (OpticalFlowInBetweens) of at least
    /// 32x32, with its library (FlowLibrary), which is loaded here.
    private static func checkFlow(_ picture: SourcePicture) throws {
        if picture.width & ~1 < 32 || picture.height & ~1 < 32 {
            let size = "\(picture.width)x\(picture.height)"
            throw ScaleError.failed("--motion flow needs a picture of at least 32x32 (this one is \(size)): use --motion blend")
        }
        _ = try FlowLibrary.loaded()
    }

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

    /// The decode-only count of an audio track, lined up with the video (or
    /// its own start without video); nil when it cannot be decoded and the
    /// audio is not `required`.
    private static func countAudio(
        _ track: AudioTrack, request: ScaleRequest, source: SourceInfo, gate: LaneGate, required: Bool,
        warning: (String) -> Void
    ) throws -> CountedAudio? {
        do {
            return try SourceAudioCount.count(
                path: request.input, streamIndex: track.stream.index, videoStart: source.video?.start,
                bound: audioBound(of: request, videoDuration: source.video?.duration), isCancelled: { gate.isCancelled })
        } catch let error as FFmpegError {
            if required { throw ScaleError.failed("its audio cannot be decoded (\(error.message))") }
            warning("audio track \(track.number) left out: it cannot be decoded (\(error.message))")
            return nil
        }
    }

    /// Where the part of the audio a job takes ends, in seconds of the time
    /// line, when that is before the video's end (--end, or a time map's last
    /// knot): the count beyond it changes nothing (AudioPlan).
    private static func audioBound(of request: ScaleRequest, videoDuration: Rational?) -> Rational? {
        let end: Rational?
        switch request.target {
        case .timeMap(let map): end = map.highestSource
        case .duration, .factor: end = request.trim.end
        case .speeds: end = nil
        }
        guard let end, let videoDuration, end < videoDuration else { return nil }
        return end
    }

    /// The source's chapters on the output's time line, from the start of
    /// the part scaled, cut at D; or carried through the time map, which
    /// drops (and tells of) a chapter whose part it leaves out.
    /// - Parameter timeline: where the time line S is measured from starts
    ///   on the input's: the first frame, or without video the first sample.
    private static func retimedChapters(
        source: SourceInfo, from timeline: Rational, trim: Trim, scale: TimeScale, timeMap: TimeMap?, warning: (String) -> Void
    ) -> [Chapter] {
        guard let timeMap else {
            guard let end = scale.exactTargetDuration, let from = timeline.adding(trim.start) else { return [] }
            return source.chapters.compactMap { $0.retimed(from: from, by: scale.factor, limit: end) }
        }
        func dropped(_ index: Int, _ chapter: Chapter) {
            let name = chapter.title.map { "chapter \(index + 1) \"\($0)\"" } ?? "chapter \(index + 1)"
            warning("\(name) dropped: the time map leaves its part of the source out")
        }
        guard timeMap.isForward && timeMap.curve == .linear else {
            // Along a map that plays backwards a chapter may show in several stretches, in any order.
            let pieces = source.chapters.enumerated().flatMap { index, chapter in
                let pieces = chapter.pieces(from: timeline, along: timeMap)
                if pieces.isEmpty { dropped(index, chapter) }
                return pieces
            }
            return pieces.sorted { $0.start < $1.start }
        }
        return source.chapters.enumerated().compactMap { index, chapter in
            if let retimed = chapter.retimed(from: timeline, along: timeMap) { return retimed }
            dropped(index, chapter)
            return nil
        }
    }
}
