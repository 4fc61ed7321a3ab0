/// Everything one conversion needs.
public struct ScaleRequest: Sendable, Codable {
    /// The movie or sound to scale; it is never modified.
    public var input: String
    /// Where to write; its extension names the container (`OutputContainer`). The
    /// file appears only when it is complete. `standardOutput` ("-") writes
    /// `streamContainer` to standard output as it is made (SPEC §14).
    public var output: String
    /// The container written to standard output: Matroska, WebM, MPEG-TS or
    /// NUT (`OutputContainer.streamable`).
    public var streamContainer: OutputContainer
    /// How long the output lasts: a duration, a factor, a time map or speeds.
    public var target: Retime.Target
    /// The output's frame rate, frames per second, or the source's; the
    /// video has exactly ceil(D · fps) frames.
    public var fps: FrameRate
    /// The audio codec asked for; nil for the output's default.
    public var requestedAudioCodec: AudioCodec?
    /// The video codec asked for; nil for the output's default.
    public var requestedVideoCodec: VideoCodec?
    /// The ProRes flavour, for `videoCodec` prores.
    public var proResProfile: ProResProfile
    /// libx264's or libx265's constant rate factor; nil keeps the encoder's
    /// default (23 for libx264, 28 for libx265).
    public var crf: Int?
    /// libx264's or libx265's preset; nil keeps the encoder's default (medium).
    public var preset: String?
    /// Replace an existing file at `output`.
    public var overwrite: Bool
    /// The audio tracks to scale, counted from 1 among the input's audio
    /// streams; empty for every one (SPEC §11). An output that holds one
    /// track takes the first named, or the input's default.
    public var audioTracks: [Int]
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
    /// Where to draw the time map (source time over output time, and the
    /// speed), if anywhere (SPEC §13 `--plot-map`).
    public var plotMap: String?
    /// The output picture saved as a PNG (`--still`, `--still-at`), if one is.
    public var still: StillPicture?
    /// The short preview of the output saved as an MP4 (`--preview`,
    /// `--preview-at`), if one is: what a dry run makes.
    public var preview: PreviewClip?
    /// Where the latest output picture is kept while the render runs
    /// (`--progress-picture`), if anywhere; removed when the job ends.
    public var progressPicture: String?
    /// Decibels at and below which the waveform draws nothing.
    public var noiseFloor: Double
    /// How output frames are made from source frames.
    public var motion: Motion
    /// Write no video: the output holds the source's sound alone.
    public var noVideo: Bool
    /// Write no audio: the output holds the source's video alone.
    public var noAudio: Bool
    /// Play the part scaled backwards (SPEC §13): the map `end = 0, start = D`.
    public var reverse: Bool
    /// How a time map runs between its knots (SPEC §13).
    public var curve: Curve
    /// The length, in pixels, a picture's shorter side is scaled down to
    /// where it is longer, its shape kept (`--shorter-side`); nil: the source's size.
    public var shorterSide: Int?
    /// The part of the output frames rendered alone (`--part`), if only one
    /// is; `output` is then the part's file (FilmPart.path).
    public var part: FilmPart?

    /// A request with the tool's defaults for everything but the input, the
    /// output, the target and the frame rate.
    public init(
        input: String, output: String, target: Retime.Target, fps: FrameRate,
        audioCodec: AudioCodec? = nil, videoCodec: VideoCodec? = nil, proResProfile: ProResProfile = .default,
        crf: Int? = nil, preset: String? = nil, overwrite: Bool = false,
        audioTracks: [Int] = [], keepHDR: Bool = false, trim: Trim = .whole, mono: Bool = false,
        padAudio: Bool = false, waveform: String? = nil, noiseFloor: Double = WaveformPicture.defaultNoiseFloor,
        keepPitch: Bool = false, motion: Motion = .nearest, noVideo: Bool = false, noAudio: Bool = false,
        reverse: Bool = false, curve: Curve = .linear, plotMap: String? = nil, streamContainer: OutputContainer = .mkv,
        still: StillPicture? = nil, progressPicture: String? = nil, preview: PreviewClip? = nil, shorterSide: Int? = nil
    ) {
        self.input = input
        self.output = output
        self.streamContainer = streamContainer
        self.target = target
        self.fps = fps
        requestedAudioCodec = audioCodec
        requestedVideoCodec = videoCodec
        self.proResProfile = proResProfile
        self.crf = crf
        self.preset = preset
        self.overwrite = overwrite
        self.audioTracks = audioTracks
        self.keepHDR = keepHDR
        self.trim = trim
        self.mono = mono
        self.padAudio = padAudio
        self.waveform = waveform
        self.noiseFloor = noiseFloor
        self.keepPitch = keepPitch
        self.motion = motion
        self.noVideo = noVideo
        self.noAudio = noAudio
        self.reverse = reverse
        self.curve = curve
        self.plotMap = plotMap
        self.still = still
        self.progressPicture = progressPicture
        self.preview = preview
        self.shorterSide = shorterSide
    }

    /// The output name meaning standard output.
    public static let standardOutput = "-"

    /// Whether the output goes to standard output, as it is made.
    public var writesToStandardOutput: Bool { output == Self.standardOutput }

    /// The output's container: its extension's; `streamContainer` on
    /// standard output; for a part, the whole render's (whose encoding the
    /// part's Matroska file holds).
    public var outputContainer: OutputContainer? {
        part?.container ?? (writesToStandardOutput ? streamContainer : OutputContainer(path: output))
    }

    /// The pictures written beside the output: the waveform, the map's, the still and the preview, where asked for.
    public var sideFiles: [String] { [waveform, plotMap, still?.path, preview?.path].compactMap { $0 } }

    /// Whether some of the source plays backwards (SPEC §13): --reverse, or a map whose `s` falls.
    var playsBackwards: Bool {
        if case .timeMap(let map) = target { return !map.isForward }
        return reverse
    }

    /// The audio codec the output is written with: the one asked for, or
    /// the output's default (AAC for the MP4 family, Opus for WebM, lossless
    /// otherwise).
    public var audioCodec: AudioCodec { requestedAudioCodec ?? outputContainer?.defaultAudioCodec ?? .pcm }

    /// The video codec the output is written with: the one asked for, or
    /// the output's default (VP9 for WebM, H.264 otherwise).
    public var videoCodec: VideoCodec {
        requestedVideoCodec ?? outputContainer?.defaultVideoCodec ?? .h264
    }

    /// The request as a part's manifest keeps it (PartManifest), for
    /// `join` to plan the whole render again: the input and everything that
    /// decides the plan; where it is written, the files beside it, whether
    /// it replaces a file, and the part are left out.
    public var planned: ScaleRequest {
        var request = self
        (request.output, request.overwrite, request.part, request.streamContainer) = ("", false, nil, .mkv)
        (request.waveform, request.plotMap, request.still, request.preview, request.progressPicture) = (nil, nil, nil, nil, nil)
        request.noiseFloor = WaveformPicture.defaultNoiseFloor
        return request
    }

    /// This request for another input and output, all else the same: a
    /// batch makes every input's request from one.
    public func with(input: String, output: String) -> ScaleRequest {
        var request = self
        request.input = input
        request.output = output
        return request
    }
}
