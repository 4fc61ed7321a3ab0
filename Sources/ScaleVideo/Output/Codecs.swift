/// The audio codec of the output.
public enum AudioCodec: String, Sendable, CaseIterable, Codable {
    /// Lossless: PCM in the source's sample format family (16-bit, 24-bit,
    /// 32-bit or float), or FLAC in `.flac`.
    case pcm
    /// AAC-LC through FFmpeg's native encoder.
    case aac
    /// Lossless FLAC (libavcodec's encoder): integers of up to 24 bits.
    case flac
    /// Opus through libopus, which is decoded at 48 kHz: only 48 kHz sources keep their rate.
    case opus

    /// Keeps every sample exactly.
    public var isLossless: Bool { self == .pcm || self == .flac }
}

/// The video codec of the output.
public enum VideoCodec: String, Sendable, CaseIterable, Codable {
    /// H.264 through libx264.
    case h264
    /// HEVC (H.265) through libx265.
    case hevc
    /// Apple ProRes through FFmpeg's prores_ks encoder: 10-bit, 4:2:2 (4:4:4
    /// for the 4444 profile), every frame a key frame; for editing.
    case prores
    /// VP9 through libvpx, WebM's own.
    case vp9
    /// AV1 through SVT-AV1: 4:2:0, 8 or 10-bit.
    case av1

    /// The name people know it by, as errors give it.
    public var title: String {
        switch self {
        case .h264: "H.264"
        case .hevc: "HEVC"
        case .prores: "ProRes"
        case .vp9: "VP9"
        case .av1: "AV1"
        }
    }

    /// Takes a constant rate factor (--crf) and a speed (--preset).
    public var takesRateFactor: Bool { encoder.rateFactors != nil }

    /// The constant rate factors its encoder takes (lower is better); nil
    /// when it takes none.
    public var rateFactors: ClosedRange<Int>? { encoder.rateFactors }

    /// The smallest picture its encoder takes, in pixels each way (a
    /// picture's size is rounded down to even first).
    public var smallestSide: Int32 { encoder.smallestSide }
}

/// The ProRes flavours prores_ks writes, from the smallest files to the
/// largest.
public enum ProResProfile: String, Sendable, CaseIterable, Codable {
    /// ProRes 422 Proxy: the smallest, for offline editing.
    case proxy
    /// ProRes 422 LT.
    case lt
    /// ProRes 422.
    case standard
    /// ProRes 422 HQ.
    case hq
    /// 4:4:4 chroma (no alpha channel is written).
    case p4444 = "4444"

    /// High quality 4:2:2, the usual choice for editing.
    public static let `default` = ProResProfile.hq
}
