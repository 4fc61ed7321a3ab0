/// The audio codec of the output.
public enum AudioCodec: String, Sendable, CaseIterable {
    /// 16-bit little-endian PCM, exact to the sample (`.mov`, `.mkv`).
    case pcm
    /// AAC-LC through FFmpeg's native encoder (`.mp4`, `.m4v`, `.mov`, `.mkv`).
    case aac

    /// The default for an output path: AAC for MP4 family, PCM otherwise.
    public static func defaultCodec(forOutput path: String) -> AudioCodec {
        OutputContainer(path: path)?.prefersAAC == true ? .aac : .pcm
    }

    var encoderName: String { self == .pcm ? "pcm_s16le" : "aac" }
}

/// The containers an output can be written in, by file extension.
public enum OutputContainer: String, Sendable, CaseIterable {
    case mov, mp4, m4v, mkv

    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    var prefersAAC: Bool { self == .mp4 || self == .m4v }

    /// Whether the container can carry `codec`.
    public func canCarry(_ codec: AudioCodec) -> Bool { codec == .aac || !prefersAAC }
}

/// Everything one conversion needs.
public struct ScaleRequest: Sendable {
    public var input: String
    public var output: String
    public var target: TimeScale.Target
    public var fps: Rational
    public var audioCodec: AudioCodec
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

    public init(
        input: String, output: String, target: TimeScale.Target, fps: Rational,
        audioCodec: AudioCodec? = nil, crf: Int? = nil, preset: String? = nil, overwrite: Bool = false,
        audioTrack: Int? = nil, keepHDR: Bool = false
    ) {
        self.input = input
        self.output = output
        self.target = target
        self.fps = fps
        self.audioCodec = audioCodec ?? AudioCodec.defaultCodec(forOutput: output)
        self.crf = crf
        self.preset = preset
        self.overwrite = overwrite
        self.audioTrack = audioTrack
        self.keepHDR = keepHDR
    }
}

/// What a finished conversion wrote.
public struct ScaleResult: Sendable {
    public let output: String
    /// S, seconds.
    public let sourceDuration: Double
    /// D, seconds.
    public let duration: Double
    public let fps: Rational
    /// Video frames written.
    public let frames: Int
    /// Audio samples written per channel (0 without audio).
    public let audioSamples: Int
    /// Wall-clock seconds the conversion took.
    public let seconds: Double
    /// What the file holds, read back from it before it was put in place.
    public let measured: MeasuredOutput
    /// What of the source the output keeps, changes and leaves out.
    public let carryover: Carryover
}
