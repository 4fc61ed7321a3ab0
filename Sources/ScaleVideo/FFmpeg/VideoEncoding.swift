import CFFmpeg

/// How the video is encoded: the libavcodec encoder of the codec asked for,
/// the pixel format it is given, its private options, and the tag the
/// container marks it with.
struct VideoEncoding {
    let codec: VideoCodec
    let encoderName: String
    let pixelFormat: AVPixelFormat
    /// Private options: libx264's and libx265's `crf` and `preset` when
    /// asked for, prores_ks's `profile`.
    let options: [String: String]
    /// The stream's codec tag, or 0 for the muxer's own.
    let codecTag: UInt32

    /// H.264 and HEVC in 8-bit 4:2:0, 10-bit for HDR kept; ProRes in 10-bit
    /// 4:2:2, or 4:4:4 for its 4444 profile.
    init(request: ScaleRequest, mode: PictureMode) {
        codec = request.videoCodec
        var options: [String: String] = [:]
        if codec.takesRateFactor {
            if let crf = request.crf { options["crf"] = String(crf) }
            if let preset = request.preset { options["preset"] = preset }
        }
        let wide = mode == .highDynamicRange
        switch codec {
        case .h264:
            (encoderName, pixelFormat, codecTag) = ("libx264", wide ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P, 0)
        case .hevc:
            // libx265 writes its own log on standard error unless told not to.
            options["x265-params"] = "log-level=none"
            // Apple's players take HEVC in mov/mp4 only as hvc1 (parameter sets in the header).
            let quickTime = OutputContainer(path: request.output).map { $0 == .mov || $0 == .mp4 } ?? false
            (encoderName, pixelFormat, codecTag) =
                ("libx265", wide ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P, quickTime ? Self.tag("hvc1") : 0)
        case .prores:
            options["profile"] = String(Self.proResNumber(request.proResProfile))
            let chroma444 = request.proResProfile == .p4444
            (encoderName, pixelFormat, codecTag) = ("prores_ks", chroma444 ? AV_PIX_FMT_YUV444P10LE : AV_PIX_FMT_YUV422P10LE, 0)
        }
        self.options = options
    }

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
