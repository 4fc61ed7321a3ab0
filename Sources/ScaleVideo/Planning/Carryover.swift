import FoundationEssentials
import Glibc

/// What the output took over from the source, what it changed and what it
/// left out, in words.
public struct Carryover: Sendable, Equatable {
    /// What the output keeps as the source had it, a phrase each: tags,
    /// chapters (retimed), stream languages, rotation, HDR, the sample format …
    public var kept: [String] = []
    /// What the output holds changed, a phrase each: HDR tone-mapped, the bit
    /// depth or sample format, the size rounded down to even, channels merged, the cut …
    public var changed: [String] = []
    /// What the output leaves out, a phrase each: other audio tracks,
    /// subtitles, attachments, a rotation Matroska cannot mark …
    public var dropped: [String] = []

    /// Nothing to tell.
    public var isEmpty: Bool { kept.isEmpty && changed.isEmpty && dropped.isEmpty }

    init(
        source: SourceInfo, picture: PicturePlan?, container: OutputContainer, chapters: Int,
        request: ScaleRequest, fps: Rational, audio: [AudioPlan], timecode: String?
    ) {
        describeMarks(source, picture: picture, container: container, chapters: chapters, audio: audio, request: request)
        if let video = source.video, let picture {
            describePicture(video.picture, as: picture, container: container, codec: request.videoCodec)
            if request.fps == .source {
                if video.isVariableRate {
                    changed.append("variable frame rate made constant at its average, \(fps) fps")
                } else {
                    kept.append("frame rate \(fps) fps")
                }
            }
        }
        describeAudio(audio, request: request)
        if !request.trim.isWhole { changed.append("cut to \(Self.span(request.trim)) of the source") }
        if source.video != nil && picture == nil {
            dropped.append(request.noVideo ? "video (--no-video)" : "video (\(container.rawValue) holds sound alone)")
        }
        if !source.audio.isEmpty && audio.isEmpty {
            dropped.append(request.noAudio ? "audio (--no-audio)" : "audio (it could not be scaled)")
        } else if source.audio.count > audio.count {
            let others = source.audio.count - audio.count
            dropped.append(
                "\(others) other audio track\(others == 1 ? "" : "s")"
                    + (container.holdsOneAudioTrack ? " (.\(container.rawValue) holds one)" : ""))
        }
        describeSubtitles(source.subtitles, container: container, backwards: request.playsBackwards)
        describeAttached(source, container: container, timecode: timecode, fps: fps, video: picture != nil)
        describeLeftOut(source)
    }

    /// The streams no output carries (SPEC §11), each kind with why: a
    /// second video track, a second cover picture, data tracks (named by
    /// their codecs).
    private mutating func describeLeftOut(_ source: SourceInfo) {
        let codecs = source.streams.filter { $0.kind == .data }.map(\.codec)
        let data = codecs.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ")
        let names: [(StreamKind, String, String)] = [
            (.video, "other video stream", "one video track is written"),
            (.picture, "cover picture", "one cover picture is written"),
            (.data, "data stream", "\(data): a data track cannot be retimed"),
        ]
        for (kind, name, why) in names {
            guard let count = source.leftOut[kind], count > 0 else { continue }
            dropped.append("\(count) \(name)\(count == 1 ? "" : "s") (\(why))")
        }
    }

    /// The container's tags, the chapters, and the streams' languages and
    /// titles: kept where the container marks them, else dropped, naming why.
    private mutating func describeMarks(
        _ source: SourceInfo, picture: PicturePlan?, container: OutputContainer, chapters: Int, audio: [AudioPlan], request: ScaleRequest
    ) {
        let tags = source.tags.carriedFromContainer.map { $0.key.lowercased() }
        if !tags.isEmpty {
            let phrase = "tags (\(tags.joined(separator: ", ")))"
            if container.carriesTags { kept.append(phrase) } else { dropped.append(phrase + " (.\(container.rawValue) cannot mark them)") }
        }
        if chapters > 0 { kept.append("\(chapters) chapter\(chapters == 1 ? "" : "s") (retimed)") }
        if !container.carriesChapters, !source.chapters.isEmpty {
            let count = source.chapters.count
            dropped.append("\(count) chapter\(count == 1 ? "" : "s") (.\(container.rawValue) cannot mark them)")
        }
        let videoTags = picture == nil ? [] : source.video?.tags ?? []
        let audioTags = source.audio.filter { stream in audio.contains { $0.streamIndex == stream.index } }.flatMap(\.tags)
        let subtitleTags = source.subtitles.filter {
            if case .dropped = container.subtitleWriting(codec: $0.codec, isText: $0.isText, backwards: request.playsBackwards) {
                false
            } else {
                true
            }
        }.flatMap(\.tags)
        let isLanguage = { (tag: Tag) in tag.key.lowercased() == "language" && tag.value != "und" }
        let languages = ((container.carriesVideoLanguage ? videoTags : []) + audioTags + subtitleTags).filter(isLanguage)
        if !container.carriesVideoLanguage, videoTags.contains(where: isLanguage) {
            dropped.append("the video's language (.\(container.rawValue) marks an audio track's alone)")
        }
        let titles = (videoTags + audioTags + subtitleTags).filter { $0.key.lowercased() == "title" }
        let marks = [
            ("stream languages", !languages.isEmpty, container.carriesStreamLanguages),
            ("track titles", !titles.isEmpty, container.carriesTrackTitles),
        ]
        for (phrase, present, carried) in marks where present {
            if carried {
                kept.append(phrase)
            } else {
                dropped.append("\(phrase) (.\(container.rawValue) cannot mark them)")
            }
        }
    }

    /// The attachments, the cover picture and the start timecode: kept, or
    /// dropped where the container cannot hold them; the timecode changed
    /// where it is counted at another rate or moved on to a cut's start.
    private mutating func describeAttached(
        _ source: SourceInfo, container: OutputContainer, timecode: String?, fps: Rational, video: Bool
    ) {
        let count = source.attachments.count
        if count > 0 {
            let phrase = "\(count) attachment\(count == 1 ? "" : "s")"
            if container.holdsAttachments {
                kept.append(phrase)
            } else {
                dropped.append(phrase + " (.\(container.rawValue) holds none)")
            }
        }
        if source.cover != nil {
            if container.holdsCover { kept.append("cover picture") } else { dropped.append("cover picture (.\(container.rawValue) holds none)") }
        }
        guard let original = source.timecode, video else { return }
        if let timecode {
            if timecode == original {
                kept.append("timecode \(timecode)")
            } else {
                changed.append("timecode \(original) written as \(timecode) (at \(fps) fps)")
            }
        } else {
            dropped.append("timecode \(original)" + (container.holdsTimecode ? " (it cannot be read)" : " (.\(container.rawValue) cannot mark it)"))
        }
    }

    /// Each subtitle track retimed as it is, converted to the container's
    /// text format, or left out with the reason; tracks alike counted once.
    private mutating func describeSubtitles(_ subtitles: [SourceSubtitle], container: OutputContainer, backwards: Bool) {
        // Where each goes, the words before "subtitle track" and after it.
        var entries: [(list: WritableKeyPath<Carryover, [String]>, before: String, after: String)] = []
        for subtitle in subtitles {
            switch container.subtitleWriting(codec: subtitle.codec, isText: subtitle.isText, backwards: backwards) {
            case .copy:
                entries.append((\.kept, "", " (retimed)"))
            case .convert(let encoder):
                let styled = ["ass", "ssa"].contains(subtitle.codec) ? ", styling it cannot hold left out" : ""
                entries.append((\.changed, subtitle.codec + " ", " written as \(encoder) (retimed\(styled))"))
            case .dropped(let reason):
                let kind = subtitle.isText || subtitle.codec == "none" ? "" : "picture "
                entries.append((\.dropped, kind, " (\(reason))"))
            }
        }
        var told: [String] = []
        for entry in entries where !told.contains(entry.before + entry.after) {
            told.append(entry.before + entry.after)
            let count = entries.count { $0.before == entry.before && $0.after == entry.after }
            self[keyPath: entry.list].append("\(count) \(entry.before)subtitle track\(count == 1 ? "" : "s")\(entry.after)")
        }
    }

    /// The tracks kept, and each sample format kept or changed (once, however many tracks share it).
    private mutating func describeAudio(_ audio: [AudioPlan], request: ScaleRequest) {
        guard !audio.isEmpty else { return }
        if !request.audioTracks.isEmpty {
            let numbers = audio.map { String($0.track) }
            kept.append("audio track\(numbers.count == 1 ? "" : "s") " + numbers.joined(separator: ", "))
        } else if audio.count > 1 {
            kept.append("\(audio.count) audio tracks")
        }
        if request.mono { changed.append("audio channels merged into one") }
        for plan in audio {
            guard let written = plan.writtenLayout else { continue }
            let phrase = "channel layout \(plan.sourceLayout) written as \(written) (\(plan.encoding.codec.rawValue) holds no \(plan.sourceLayout))"
            if !changed.contains(phrase) { changed.append(phrase) }
        }
        for plan in audio where plan.isResampled {
            let phrase =
                "audio resampled from \(plan.rate) Hz to \(plan.writtenRate) Hz (\(plan.encoding.codec.rawValue) holds "
                + (plan.encoding.keptRates?.count == 1 ? "\(plan.writtenRate) Hz alone)" : "no \(plan.rate) Hz)")
            if !changed.contains(phrase) { changed.append(phrase) }
        }
        for encoding in audio.map(\.encoding) where encoding.isLossless {
            let phrase =
                encoding.family.description == encoding.sourceName
                ? "\(encoding.family.description) samples" : "\(encoding.sourceName) samples written as \(encoding.family.description)"
            if encoding.family.description == encoding.sourceName {
                if !kept.contains(phrase) { kept.append(phrase) }
            } else if !changed.contains(phrase) {
                changed.append(phrase)
            }
        }
    }

    private static func span(_ trim: Trim) -> String {
        let start = String(printf: "%.3f s", trim.start.doubleValue)
        return trim.end.map { start + " – " + String(printf: "%.3f s", $0.doubleValue) } ?? "from " + start
    }

    /// The picture's format is kept when it is written as it was decoded
    /// (a full-range "J" format counts as its limited-range twin, the range
    /// being a colour tag swscale converts).
    private mutating func describePicture(
        _ picture: SourcePicture, as plan: PicturePlan, container: OutputContainer, codec: VideoCodec
    ) {
        let written = plan.format
        if let orientation = picture.orientation {
            // FFmpeg 5.1's Matroska, MPEG-TS and NUT writers write no display matrix: the pixels are turned instead.
            if plan.turn == nil {
                kept.append(orientation.description)
            } else {
                let name = container == .mkv || container == .webm ? "Matroska" : "." + container.rawValue
                changed.append("\(orientation.description) applied to the picture (\(name) cannot mark it)")
            }
        }
        if !picture.hasSquarePixels, let ratio = picture.aspectRatio {
            let shape = "pixel aspect ratio \(ratio.numerator):\(ratio.denominator)"
            // Matroska marks the shape by a display width in whole pixels;
            // H.264 and HEVC carry it exactly in their pictures, VP9 and AV1 do not.
            let width = Int64(picture.width & ~1)
            let matroska = (container == .mkv || container == .webm) && (codec == .vp9 || codec == .av1)
            let shown = Rational(width * ratio.numerator * 2 + ratio.denominator, 2 * ratio.denominator).map {
                $0.numerator / $0.denominator
            }
            if matroska, let shown, let written = Rational(shown, width), written != ratio {
                changed.append(shape + " written as \(written.numerator):\(written.denominator) (Matroska's display width is whole pixels)")
            } else {
                kept.append(shape)
            }
        }
        switch plan.mode {
        case .toneMapped: changed.append("HDR tone-mapped to SDR BT.709")
        case .highDynamicRange:
            let metadata = [plan.hdr?.masteringDisplay.map { _ in "mastering display" }, plan.hdr?.contentLightLevel.map { _ in "content light level" }]
            kept.append("HDR (" + (["10-bit", "colour tags"] + metadata.compactMap { $0 }).joined(separator: ", ") + ")")
        case .standard: break
        }
        let name = picture.format.name
        let source = name.hasPrefix("yuvj") ? "yuv" + name.dropFirst(4) : name
        if source == written.name {
            kept.append("\(written.name) pictures")
        } else {
            changed.append("\(picture.format.name) pictures written as \(written.name)")
        }
        if picture.isFullRange && plan.mode == .standard {
            if plan.fullRange {
                kept.append("full range")
            } else {
                changed.append("full range written as limited range (\(codec.title) does not mark full range)")
            }
        }
        // Sizes as written: after a quarter turn applied to the pixels, its sides traded.
        let (width, height) = plan.turn?.swapsSides == true ? (picture.height, picture.width) : (picture.width, picture.height)
        let size = plan.writtenSize(width: width, height: height)
        if plan.shorterSide.map({ min(width, height) > $0 }) == true {
            changed.append("size \(width)x\(height) scaled down to \(size.width)x\(size.height)")
        } else if width & 1 != 0 || height & 1 != 0 {
            changed.append("size \(width)x\(height) rounded down to \(size.width)x\(size.height)")
        }
    }
}
