/// One stream of the input and what the output makes of it: written (how),
/// or left out (why). A plan lists every stream of the input so.
public struct PlannedTrack: Sendable, Equatable {
    /// The stream's index in the input, as ffprobe numbers it.
    public let index: Int
    /// video, audio, subtitle, attachment, cover, timecode, chapters or data.
    public let kind: String
    /// libavcodec's name for its codec; an attachment's MIME type.
    public let codec: String
    /// Its language as its tags give it ("und", undetermined, is none).
    public let language: String?
    /// Its title, or an attachment's file name, as its tags give them.
    public let title: String?
    /// What the output holds of it, e.g. "libx264 yuv420p, 360 frames at 30 fps"
    /// or "mov_text, retimed"; nil when it is left out.
    public let written: String?
    /// Why it is left out, e.g. ".mp4 holds none"; nil when it is written.
    public let dropped: String?

    /// Every stream of `source`, in its order, with what `plan` makes of it.
    static func list(
        _ source: SourceInfo, container: OutputContainer, request: ScaleRequest, video: VideoPlan?, audio: [AudioPlan],
        subtitles: [SubtitlePlan], chapters: Int, timecode: String?
    ) -> [PlannedTrack] {
        let why = "." + container.rawValue
        return source.streams.map { stream in
            let fate: (written: String?, dropped: String?)
            switch stream.kind {
            case .video where stream.index == source.video?.streamIndex:
                if let video {
                    fate = ("\(video.encoding.encoderName) \(video.picture.format.name), \(video.frames) frames at \(video.fps) fps", nil)
                } else {
                    fate = (nil, request.noVideo ? "--no-video" : "\(why) holds sound alone")
                }
            case .video: fate = (nil, "one video track is written")
            case .audio: fate = audioFate(audio.first { $0.streamIndex == stream.index }, of: audio, request: request, container: container)
            case .subtitle:
                if let plan = subtitles.first(where: { $0.source.index == stream.index }) {
                    let styled = plan.converter != nil && ["ass", "ssa"].contains(stream.codec) ? " (styling it cannot hold left out)" : ""
                    fate = ("\(plan.converter ?? stream.codec), retimed\(styled)", nil)
                } else if let subtitle = source.subtitles.first(where: { $0.index == stream.index }),
                    case .dropped(let reason) = container.subtitleWriting(
                        codec: subtitle.codec, isText: subtitle.isText, backwards: request.playsBackwards)
                {
                    fate = (nil, reason)
                } else {
                    fate = (nil, "it cannot be retimed")
                }
            case .attachment:
                fate = container.holdsAttachments ? ("copied", nil) : (nil, "\(why) holds none")
            case .picture where stream.index == source.cover?.index:
                fate = container.holdsCover ? ("copied as the cover", nil) : (nil, "\(why) holds none")
            case .picture: fate = (nil, "one cover picture is written")
            case .timecode:
                fate = timecode.map { ("timecode \($0)", nil) } ?? (nil, container.holdsTimecode ? "its timecode cannot be read" : "\(why) cannot mark it")
            case .chapters:
                fate = chapters > 0 ? ("\(chapters) chapters, retimed", nil) : (nil, container.carriesChapters ? "no chapter is kept" : "\(why) cannot mark them")
            case .data: fate = (nil, "a data track cannot be retimed")
            }
            let tag = { (key: String) in stream.tags.first { $0.key.lowercased() == key }?.value }
            return PlannedTrack(
                index: Int(stream.index), kind: Self.kindName(stream.kind),
                codec: stream.kind == .attachment ? tag("mimetype") ?? stream.codec : stream.codec,
                language: tag("language").flatMap { $0 == "und" ? nil : $0 }, title: tag("title") ?? tag("filename"),
                written: fate.written, dropped: fate.dropped)
        }
    }

    /// What becomes of an audio stream: `plan`, or why there is none.
    private static func audioFate(
        _ plan: AudioPlan?, of audio: [AudioPlan], request: ScaleRequest, container: OutputContainer
    ) -> (written: String?, dropped: String?) {
        guard let plan else {
            if request.noAudio { return (nil, "--no-audio") }
            if !request.audioTracks.isEmpty { return (nil, "not named by --audio-track") }
            if container.holdsOneAudioTrack, !audio.isEmpty { return (nil, ".\(container.rawValue) holds one audio track") }
            return (nil, "it could not be scaled")
        }
        let pitch = plan.keepsPitch ? ", pitch kept" : ""
        let resampled = plan.isResampled ? ", resampled to \(plan.writtenSamples) at \(plan.writtenRate) Hz" : ""
        return ("\(plan.encoding.encoderName), \(plan.sourceSamples) → \(plan.samples) samples at \(plan.rate) Hz\(resampled)\(pitch)", nil)
    }

    private static func kindName(_ kind: StreamKind) -> String {
        switch kind {
        case .video: "video"
        case .audio: "audio"
        case .subtitle: "subtitle"
        case .data: "data"
        case .attachment: "attachment"
        case .picture: "cover"
        case .chapters: "chapters"
        case .timecode: "timecode"
        }
    }
}
