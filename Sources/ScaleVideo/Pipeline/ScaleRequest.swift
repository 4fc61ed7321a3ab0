/// The audio codec of the output.
public enum AudioCodec: String, Sendable, CaseIterable {
    /// Lossless: PCM in the source's sample format family (16-bit, 24-bit,
    /// 32-bit or float), or FLAC in `.flac`.
    case pcm
    /// AAC-LC through FFmpeg's native encoder.
    case aac

    /// The default for an output path: AAC for the MP4 family, lossless otherwise.
    public static func defaultCodec(forOutput path: String) -> AudioCodec {
        OutputContainer(path: path)?.prefersAAC == true ? .aac : .pcm
    }
}

/// The containers an output can be written in, by file extension.
public enum OutputContainer: String, Sendable, CaseIterable {
    /// Movie containers: QuickTime, MPEG-4 (`.m4v` is MPEG-4 too), Matroska.
    case mov, mp4, m4v, mkv
    /// Sound-only containers: WAV, AIFF (two spellings), Core Audio Format, FLAC, AAC in MPEG-4.
    case wav, aiff, aif, caf, flac, m4a

    /// The container `path`'s extension names, in any case; nil for none the tool writes.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The movie containers, the ones `--container` offers.
    public static let movies: [OutputContainer] = [.mov, .mp4, .m4v, .mkv]

    /// Holds sound alone: a movie's video is left out.
    public var isAudioOnly: Bool { !Self.movies.contains(self) }

    /// The container for scaled sound alone from `input`: its own format
    /// where FFmpeg can write it (wav, aiff, caf, flac), else AAC in `.m4a`.
    public static func forSound(from input: String) -> OutputContainer {
        guard let own = OutputContainer(path: input), own.isAudioOnly else { return .m4a }
        return own
    }

    var prefersAAC: Bool { self == .mp4 || self == .m4v || self == .m4a }

    /// Big-endian PCM, as AIFF stores it.
    var isBigEndian: Bool { self == .aiff || self == .aif }

    /// Whether the container can carry `codec`.
    public func canCarry(_ codec: AudioCodec) -> Bool {
        switch self {
        case .mov, .mkv: true
        case .mp4, .m4v, .m4a: codec == .aac
        case .wav, .aiff, .aif, .caf, .flac: codec == .pcm
        }
    }

    /// Marks where an AAC track's sound ends, so a player drops the
    /// encoder's priming and padding (an mp4/mov track's declared duration).
    var marksAudioEnd: Bool { [.mov, .mp4, .m4v, .m4a].contains(self) }

    /// Can mark chapters.
    var carriesChapters: Bool { [.mov, .mp4, .m4v, .mkv, .m4a].contains(self) }
}

/// Everything one conversion needs.
public struct ScaleRequest: Sendable {
    /// The movie or sound to scale; it is never modified.
    public var input: String
    /// Where to write; its extension names the container (`OutputContainer`). The
    /// file appears only when it is complete.
    public var output: String
    /// How long the output lasts: a duration, a factor, a time map or speeds.
    public var target: TimeScale.Target
    /// The output's frame rate, frames per second; the video has exactly ceil(D · fps) frames.
    public var fps: Rational
    /// The audio codec asked for; nil for the output's default.
    public var requestedAudioCodec: AudioCodec?
    /// libx264's constant rate factor; nil keeps libx264's default (23).
    public var crf: Int?
    /// libx264's preset; nil keeps libx264's default (medium).
    public var preset: String?
    /// Replace an existing file at `output`.
    public var overwrite: Bool
    /// The audio stream to scale: 1 for the input's first, …; nil for its default one.
    public var audioTrack: Int?
    /// Write HDR sources as 10-bit HDR H.264 instead of tone-mapping them to SDR.
    public var keepHDR: Bool
    /// The part of the source to scale; whole along a time map, which says it itself.
    public var trim: Trim
    /// Merge all audio channels into one.
    public var mono: Bool
    /// Fill audio shorter than the video with silence to the video's end.
    public var padAudio: Bool
    /// Stretch the audio keeping its pitch (SPEC §10) instead of tape-style.
    public var keepPitch: Bool
    /// Where to draw the source and scaled audio as decibel bars, if anywhere.
    public var waveform: String?
    /// Decibels at and below which the waveform draws nothing.
    public var noiseFloor: Double
    /// How output frames are made from source frames.
    public var motion: Motion

    /// A request with the tool's defaults for everything but the input, the
    /// output, the target and the frame rate.
    public init(
        input: String, output: String, target: TimeScale.Target, fps: Rational,
        audioCodec: AudioCodec? = nil, crf: Int? = nil, preset: String? = nil, overwrite: Bool = false,
        audioTrack: Int? = nil, keepHDR: Bool = false, trim: Trim = .whole, mono: Bool = false,
        padAudio: Bool = false, waveform: String? = nil, noiseFloor: Double = WaveformPicture.defaultNoiseFloor,
        keepPitch: Bool = false, motion: Motion = .nearest
    ) {
        self.input = input
        self.output = output
        self.target = target
        self.fps = fps
        requestedAudioCodec = audioCodec
        self.crf = crf
        self.preset = preset
        self.overwrite = overwrite
        self.audioTrack = audioTrack
        self.keepHDR = keepHDR
        self.trim = trim
        self.mono = mono
        self.padAudio = padAudio
        self.waveform = waveform
        self.noiseFloor = noiseFloor
        self.keepPitch = keepPitch
        self.motion = motion
    }

    /// The audio codec the output is written with: the one asked for, or
    /// the output's default (AAC for the MP4 family, lossless otherwise).
    public var audioCodec: AudioCodec { requestedAudioCodec ?? AudioCodec.defaultCodec(forOutput: output) }

    /// This request for another input and output, all else the same: a
    /// batch makes every input's request from one.
    public func with(input: String, output: String) -> ScaleRequest {
        var request = self
        request.input = input
        request.output = output
        return request
    }
}

/// What a finished conversion wrote.
public struct ScaleResult: Sendable {
    /// The path written.
    public let output: String
    /// S, seconds.
    public let sourceDuration: Double
    /// D, seconds.
    public let duration: Double
    /// The time map the source was retimed along; nil for one constant factor.
    public let timeMap: TimeMap?
    /// The output's frame rate, frames per second.
    public let fps: Rational
    /// Video frames written.
    public let frames: Int
    /// How the frames were made; nil when no video is written.
    public let motion: Motion?
    /// Audio samples written per channel (0 without audio).
    public let audioSamples: Int
    /// The audio was stretched keeping its pitch (SPEC §10).
    public let keepsPitch: Bool
    /// Wall-clock seconds the conversion took.
    public let seconds: Double
    /// What the file holds, read back from it before it was put in place.
    public let measured: MeasuredOutput
    /// What of the source the output keeps, changes and leaves out.
    public let carryover: Carryover
}
