/// A video encoder: the libavcodec encoder that writes a codec, what it is
/// told (its private options, the codec tag), what it takes (rate factors,
/// the smallest picture, the pixel formats it holds) and whether this
/// FFmpeg has it. A new encoder is a file of its own that conforms.
protocol VideoEncoder: Sendable {
    /// libavcodec's name for it (`libx264`).
    var name: String { get }
    /// The constant rate factors it takes (--crf): lower is better; nil
    /// when it takes none.
    var rateFactors: ClosedRange<Int>? { get }
    /// The rate factor used when none is asked for.
    var defaultRateFactor: Int { get }
    /// The smallest picture it takes, in pixels each way.
    var smallestSide: Int32 { get }
    /// Whether it marks full-range (JPEG-range) pictures as such in the stream.
    var marksFullRange: Bool { get }
    /// The format it writes pictures wanted in `format` (YUV, its chroma,
    /// 8 or 10 bits, alpha) in: the nearest one it holds.
    func holds(_ format: PictureFormat, profile: ProResProfile) -> PictureFormat
    /// Its private options for a rate factor and a libx264 preset name (nil: its defaults).
    func options(crf: Int?, preset: String?, profile: ProResProfile) -> [String: String]
    /// The codec tag a container marks its stream with; 0 for the muxer's own.
    func codecTag(in container: OutputContainer) -> UInt32
}

extension VideoEncoder {
    var marksFullRange: Bool { false }

    func codecTag(in container: OutputContainer) -> UInt32 { 0 }

    /// Whether this FFmpeg has it.
    var isAvailable: Bool { Encoder.isAvailable(name) }

    /// libx264's and libx265's options: their own rate factor and preset,
    /// each where one is asked for.
    static func rateFactorAndPreset(crf: Int?, preset: String?) -> [String: String] {
        var options: [String: String] = [:]
        if let crf { options["crf"] = String(crf) }
        if let preset { options["preset"] = preset }
        return options
    }

    /// What libx264 and libx265 hold: every chroma at 8 or 10 bits, no alpha.
    static func anyChromaWithoutAlpha(_ format: PictureFormat) -> PictureFormat {
        PictureFormat(chroma: format.chroma ?? .c420, depth: format.depth, hasAlpha: false)
    }

    /// The speed number of libvpx's cpu-used or SVT-AV1's preset (higher is
    /// faster) for a libx264 preset name: `medium` (the default) is
    /// `medium`, each name faster one step more, each slower one step less
    /// (two steps for SVT-AV1's finer scale), within 0...`fastest`.
    static func speed(_ preset: String?, fastest: Int, medium: Int) -> Int {
        let names = ["placebo", "veryslow", "slower", "slow", "medium", "fast", "faster", "veryfast", "superfast", "ultrafast"]
        let steps = (names.firstIndex(of: preset ?? "medium") ?? 4) - 4
        let step = fastest > 8 && steps < 0 ? 2 : 1
        return min(max(medium + steps * step, 0), fastest)
    }
}

extension VideoCodec {
    /// The encoder that writes it.
    var encoder: any VideoEncoder {
        switch self {
        case .h264: LibX264()
        case .hevc: LibX265()
        case .prores: ProResKS()
        case .vp9: LibVPXVP9()
        case .av1: SVTAV1()
        }
    }
}
