import Glibc

/// How the video is encoded: the libavcodec encoder of the codec asked for,
/// the pixel format it is given, its private options, and the tag the
/// container marks it with.
struct VideoEncoding: Sendable {
    let codec: VideoCodec
    let encoderName: String
    let pixelFormat: PixelFormat
    /// Private options: the encoder's rate factor and speed, prores_ks's
    /// `profile`, libx265's log level.
    let options: [String: String]
    /// The stream's codec tag, or 0 for the muxer's own.
    let codecTag: UInt32

    /// Pictures of `format` (PictureFormat.written) in `codec`, into
    /// `container`, at the rate factor and preset asked for (nil: the
    /// encoder's defaults): VP9 and AV1 at constant quality (their encoders
    /// have no rate factor of their own), at a speed like libx264's medium
    /// unless `preset` says otherwise.
    init(
        codec: VideoCodec, crf: Int?, preset: String?, proResProfile: ProResProfile, container: OutputContainer,
        format: PictureFormat
    ) {
        self.codec = codec
        pixelFormat = PixelFormat(name: format.name) ?? PixelFormat(name: "yuv420p")!
        var options: [String: String] = [:]
        var codecTag: UInt32 = 0
        switch codec {
        case .h264:
            encoderName = "libx264"
            if let crf = crf { options["crf"] = String(crf) }
            if let preset = preset { options["preset"] = preset }
        case .hevc:
            // libx265 writes its own log on standard error unless told not to.
            options["x265-params"] = "log-level=none"
            if let crf = crf { options["crf"] = String(crf) }
            if let preset = preset { options["preset"] = preset }
            // Apple's players take HEVC in mov/mp4 only as hvc1 (parameter sets in the header).
            if container == .mov || container == .mp4 { codecTag = Self.tag("hvc1") }
            encoderName = "libx265"
        case .prores:
            options["profile"] = String(Self.proResNumber(proResProfile))
            encoderName = "prores_ks"
        case .vp9:
            // Constant quality: a rate factor and no bit rate.
            options["crf"] = String(crf ?? codec.defaultRateFactor)
            options["b"] = "0"
            options["deadline"] = "good"
            options["cpu-used"] = String(Self.speed(preset, fastest: 8, medium: 4))
            options["row-mt"] = "1"
            encoderName = "libvpx-vp9"
        case .av1:
            options["crf"] = String(crf ?? codec.defaultRateFactor)
            options["preset"] = String(Self.speed(preset, fastest: 13, medium: 8))
            _ = Self.quietSVT
            encoderName = "libsvtav1"
        }
        self.options = options
        self.codecTag = codecTag
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

    /// SVT-AV1 writes its own log on standard error unless told not to, by
    /// its SVT_LOG variable (0: fatal errors only), read when an encoder
    /// opens; set once, and never over the user's own.
    private static let quietSVT: Void = { setenv("SVT_LOG", "0", 0) }()

    /// prores_ks's number for `profile`.
    private static func proResNumber(_ profile: ProResProfile) -> Int {
        switch profile {
        case .proxy: 0
        case .lt: 1
        case .standard: 2
        case .hq: 3
        case .p4444: 4
        }
    }

    /// A four-character code as FFmpeg's MKTAG packs it.
    private static func tag(_ code: String) -> UInt32 {
        code.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
