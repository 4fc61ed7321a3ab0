import FoundationEssentials

/// The containers an output can be written in, by file extension, and the
/// codecs each can hold (as FFmpeg 5.1's muxers take them).
public enum OutputContainer: String, Sendable, CaseIterable, Codable {
    /// Movie containers: QuickTime, MPEG-4 (`.m4v` is MPEG-4 too),
    /// Matroska and WebM (which holds sound alone too).
    case mov, mp4, m4v, mkv, webm
    /// Sound-only containers: WAV, AIFF (two spellings), Core Audio Format,
    /// FLAC, AAC in MPEG-4.
    case wav, aiff, aif, caf, flac, m4a
    /// Stream containers, written to standard output alone (`-o -`): MPEG
    /// transport stream and NUT.
    case ts, nut

    /// The container `path`'s extension names, in any case; nil for none the
    /// tool writes to a file.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/"),
            let container = OutputContainer(rawValue: path[path.index(after: dot)...].lowercased()), !container.isStreamOnly
        else { return nil }
        self = container
    }

    /// The movie containers a file can be written in.
    public static let movies: [OutputContainer] = [.mov, .mp4, .m4v, .mkv, .webm]

    /// The containers standard output can be written in (`-o -`), each written
    /// from start to end without going back: Matroska (the default), WebM
    /// (Matroska too), MPEG-TS and NUT.
    public static let streamable: [OutputContainer] = [.mkv, .webm, .ts, .nut]

    /// Written to standard output alone, never to a file.
    public var isStreamOnly: Bool { self == .ts || self == .nut }

    /// Holds sound alone: a movie's video is left out.
    public var isAudioOnly: Bool { !Self.movies.contains(self) && !isStreamOnly }

    /// Why `-o -` cannot write this container, and what it can write; nil
    /// when it can.
    public var streamingRefusal: String? {
        guard !Self.streamable.contains(self) else { return nil }
        let why =
            [.mov, .mp4, .m4v, .m4a].contains(self)
            ? "FFmpeg's MPEG-4 and QuickTime writers put the index after the media and go back to the start to finish the file"
            : "its header holds the sound's length, which the writer goes back to fill in when the sound is complete"
        return ".\(rawValue) cannot be written to standard output: \(why), which a pipe cannot do; use --container "
            + Self.list(Self.streamable.map(\.rawValue))
    }

    /// The container for scaled sound alone from `input`: its own format
    /// where FFmpeg can write it (wav, aiff, caf, flac), else AAC in `.m4a`.
    public static func forSound(from input: String) -> OutputContainer {
        guard let own = OutputContainer(path: input), own.isAudioOnly else { return .m4a }
        return own
    }

    /// The name of `input`'s output in this container, when none is given:
    /// `dir/NAME.EXT` → `NAME-scaled.<container>` (the command line's and
    /// the studio's renders alike).
    public func scaledName(of input: String) -> String {
        URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + "-scaled." + rawValue
    }

    /// The containers outputs get when none is chosen: `.mov` for a movie,
    /// and for sound alone those `forSound` gives.
    public static let defaults: [OutputContainer] = [.mov, .wav, .aiff, .aif, .caf, .flac, .m4a]

    /// VP9 for WebM, H.264 otherwise.
    public var defaultVideoCodec: VideoCodec { self == .webm ? .vp9 : .h264 }

    /// AAC for the MP4 family and MPEG-TS, Opus for WebM, lossless otherwise.
    public var defaultAudioCodec: AudioCodec {
        switch self {
        case .mp4, .m4v, .m4a, .ts: .aac
        case .webm: .opus
        case .mov, .mkv, .wav, .aiff, .aif, .caf, .flac, .nut: .pcm
        }
    }

    /// Big-endian PCM, as AIFF stores it.
    var isBigEndian: Bool { self == .aiff || self == .aif }

    /// The audio codecs it holds (in `.flac`, pcm and flac both mean FLAC).
    /// FFmpeg's MPEG-TS writer takes no PCM or FLAC that its reader reads
    /// back, so MPEG-TS holds AAC, whose priming it cannot mark; NUT, which
    /// cannot mark AAC's or Opus's priming either, holds the lossless codecs.
    public var audioCodecs: [AudioCodec] {
        switch self {
        case .mov: [.pcm, .aac]
        case .mkv: [.pcm, .flac, .opus]
        case .mp4, .m4v, .m4a, .ts: [.aac]
        case .wav, .aiff, .aif, .caf: [.pcm]
        case .flac, .nut: [.pcm, .flac]
        case .webm: [.opus]
        }
    }

    /// The video codecs it holds: none for sound alone; FFmpeg's MP4 writer
    /// takes no ProRes, its .m4v (iPod) writer H.264 alone, WebM VP9 and AV1;
    /// its MPEG-TS reader reads H.264 and HEVC alone.
    public var videoCodecs: [VideoCodec] {
        switch self {
        case .mov: [.h264, .hevc, .prores]
        case .mkv, .nut: [.h264, .hevc, .prores, .vp9, .av1]
        case .mp4: [.h264, .hevc, .av1]
        case .m4v: [.h264]
        case .webm: [.vp9, .av1]
        case .ts: [.h264, .hevc]
        case .wav, .aiff, .aif, .caf, .flac, .m4a: []
        }
    }

    /// Whether the container can carry `codec`.
    public func canCarry(_ codec: AudioCodec) -> Bool { audioCodecs.contains(codec) }

    /// Whether the container can carry `codec`.
    public func canCarry(_ codec: VideoCodec) -> Bool { videoCodecs.contains(codec) }

    /// Why `codec` cannot be written here, and where it can; nil when it can.
    public func refusal(of codec: AudioCodec) -> String? {
        guard !canCarry(codec) else { return nil }
        // FFmpeg 5.1's Matroska writer marks Opus's priming alone (CodecDelay); NUT marks none.
        let why =
            switch (self, codec) {
            case (.mkv, .aac): " exactly (FFmpeg's Matroska writer cannot mark AAC's priming)"
            case (.nut, .aac), (.nut, .opus): " exactly (NUT cannot mark the encoder's priming)"
            default: ""
            }
        return "\(codec.rawValue) audio cannot be stored in .\(rawValue)\(why), which holds "
            + Self.list(audioCodecs.map(\.rawValue)) + "; \(codec.rawValue) goes in " + Self.homes(of: codec)
    }

    /// Why `codec` cannot be written when no container is chosen, as none
    /// of the default ones holds it; nil when one does.
    public static func refusalOfDefaults(_ codec: AudioCodec) -> String? {
        guard !defaults.contains(where: { $0.canCarry(codec) }) else { return nil }
        return "\(codec.rawValue) audio cannot be stored in the default outputs (.mov, or for sound alone its own format "
            + "or .m4a); name a \(homes(of: codec)) output with -o or --container"
    }

    /// ".mkv or .webm": the file containers that hold `codec`.
    private static func homes(of codec: AudioCodec) -> String {
        list(allCases.filter { $0.canCarry(codec) && $0 != .aif && !$0.isStreamOnly }.map { "." + $0.rawValue })
    }

    /// Why `codec` cannot be written here, and where it can; nil when it can.
    public func refusal(of codec: VideoCodec) -> String? {
        guard !canCarry(codec) else { return nil }
        let why =
            switch self {
            case .webm: "WebM holds VP9 or AV1 video"
            case .mov: "FFmpeg's QuickTime writer does not take \(codec.title)"
            case .mp4: "FFmpeg's MP4 writer does not take \(codec.title)"
            case .m4v: ".m4v holds H.264 alone"
            case .ts: "FFmpeg's MPEG-TS reader reads H.264 and HEVC alone"
            default: ".\(rawValue) holds sound alone"
            }
        let homes = Self.movies.filter { $0.canCarry(codec) }.map { "." + $0.rawValue }
        return "\(codec.title) video cannot be stored in .\(rawValue) (\(why)); use " + Self.list(homes)
    }

    /// The muxer's options for an output whose audio tracks run at
    /// `sampleRates` and whose video (if any) at `fps`. The MP4 family's
    /// edit lists give each track's length in the movie's timescale (1000
    /// ticks a second unless told), which would cut audio to the
    /// millisecond: the timescale is made the least common multiple of the
    /// sample rates and the frame rate's numerator, so every track's length
    /// is a whole number of its ticks (SPEC §12); or of the rates alone when
    /// that with the frame rate does not fit in 31 bits.
    func muxerOptions(sampleRates: [Int], fps: Rational?) -> [String: String] {
        guard [.mov, .mp4, .m4v, .m4a].contains(self), !sampleRates.isEmpty else { return [:] }
        let audio = sampleRates.reduce(1) { Self.leastCommonMultiple($0, $1) }
        let both = fps.map { Self.leastCommonMultiple(audio, Int($0.numerator)) } ?? audio
        let timescale = both <= Int(Int32.max) ? both : audio
        guard timescale <= Int(Int32.max) else { return [:] }
        return ["movie_timescale": String(timescale)]
    }

    /// The least common multiple of two positive numbers, or Int.max when it does not fit.
    private static func leastCommonMultiple(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        let (product, overflow) = (a / x).multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }

    /// The tags an output stream is written with, from its source stream's:
    /// its language and title; the MP4 family names a track by its handler,
    /// so the title goes there too.
    public func streamTags(from source: [Tag]) -> [Tag] {
        let carried = source.carriedFromStream
        guard [.mov, .mp4, .m4v, .m4a].contains(self), let title = carried.first(where: { $0.key.lowercased() == "title" }) else {
            return carried
        }
        return carried + [Tag("handler_name", title.value)]
    }

    /// How a subtitle track whose codec is `codec` (libavcodec's name) is
    /// written here (SPEC §11): text in the container's own text format
    /// (mov_text in the MP4 family, WebVTT in WebM; SubRip, ASS and WebVTT as
    /// they came in Matroska, any other text as SubRip), pictures (PGS, DVD,
    /// DVB) as they came in Matroska alone, and not along a map that plays
    /// `backwards` (a packet that shows a picture would come after the one
    /// that clears it).
    public func subtitleWriting(codec: String, isText: Bool, backwards: Bool) -> SubtitleWriting {
        // libavcodec names a codec it does not know "none" (mkvmerge's S_TEXT/WEBVTT, for one, in FFmpeg 5.1).
        if codec == "none" { return .dropped("its format is one this FFmpeg cannot read") }
        if backwards && !isText && self == .mkv { return .dropped("pictures are not played backwards") }
        let kept: [String]
        let textFormat: String
        switch self {
        case .mov, .mp4, .m4v: (kept, textFormat) = (["mov_text"], "mov_text")
        case .webm: (kept, textFormat) = (["webvtt"], "webvtt")
        case .mkv:
            guard isText else {
                return ["hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle"].contains(codec)
                    ? .copy : .dropped("Matroska holds no \(codec) pictures")
            }
            (kept, textFormat) = (["subrip", "ass", "ssa", "webvtt"], "srt")
        case .wav, .aiff, .aif, .caf, .flac, .m4a:
            return .dropped(".\(rawValue) holds sound alone")
        case .ts, .nut:
            return .dropped("the tool writes no subtitles into .\(rawValue)")
        }
        guard isText else { return .dropped(".\(rawValue) holds text subtitles alone") }
        return kept.contains(codec) ? .copy : .convert(encoder: textFormat)
    }

    /// Holds attached files (fonts): Matroska alone (WebM takes none).
    var holdsAttachments: Bool { self == .mkv }

    /// Holds a cover picture: MPEG-4 (its `covr`; FFmpeg's QuickTime writer
    /// writes none), Matroska (an image attachment), FLAC (a picture block).
    var holdsCover: Bool { [.mp4, .m4v, .m4a, .mkv, .flac].contains(self) }

    /// Marks a start timecode: the MP4 family (a `tmcd` track), Matroska (a tag).
    var holdsTimecode: Bool { [.mov, .mp4, .m4v, .mkv].contains(self) }

    /// Holds one audio track (the sound-only formats but MPEG-4 audio).
    var holdsOneAudioTrack: Bool { [.wav, .aiff, .aif, .caf, .flac].contains(self) }

    /// Marks each stream's language (MPEG-TS an audio track's).
    var carriesStreamLanguages: Bool { [.mov, .mp4, .m4v, .mkv, .webm, .m4a, .ts, .nut].contains(self) }

    /// Marks the video stream's language: all that mark languages but MPEG-TS.
    var carriesVideoLanguage: Bool { carriesStreamLanguages && self != .ts }

    /// Marks each stream's title.
    var carriesTrackTitles: Bool { carriesStreamLanguages && self != .ts }

    /// Marks the source's tags (title, artist …): all but MPEG-TS.
    var carriesTags: Bool { self != .ts }

    /// Can mark chapters.
    var carriesChapters: Bool { [.mov, .mp4, .m4v, .mkv, .webm, .m4a, .nut].contains(self) }

    /// Marks how the picture is shown (a display matrix): the MP4 family
    /// (FFmpeg 5.1's Matroska, MPEG-TS and NUT writers write none).
    var marksOrientation: Bool { [.mov, .mp4, .m4v].contains(self) }

    /// "a", "a or b", "a, b or c".
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}

/// How a subtitle track is written into an output.
public enum SubtitleWriting: Sendable, Equatable {
    /// Its packets as they are, retimed.
    case copy
    /// Decoded and written in another text format, by this encoder.
    case convert(encoder: String)
    /// Left out, for this reason.
    case dropped(String)
}
