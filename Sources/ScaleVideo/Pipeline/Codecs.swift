/// The audio codec of the output.
public enum AudioCodec: String, Sendable, CaseIterable {
    /// Lossless: PCM in the source's sample format family (16-bit, 24-bit,
    /// 32-bit or float), or FLAC in `.flac`.
    case pcm
    /// AAC-LC through FFmpeg's native encoder.
    case aac
    /// Lossless FLAC (libavcodec's encoder): integers of up to 24 bits.
    case flac
    /// Opus through libopus, at 8, 12, 16, 24 or 48 kHz.
    case opus

    /// The default for an output path: AAC for the MP4 family, Opus for
    /// WebM, lossless otherwise.
    public static func defaultCodec(forOutput path: String) -> AudioCodec {
        OutputContainer(path: path)?.defaultAudioCodec ?? .pcm
    }

    /// Keeps every sample exactly.
    public var isLossless: Bool { self == .pcm || self == .flac }
}

/// The video codec of the output.
public enum VideoCodec: String, Sendable, CaseIterable {
    /// H.264 through libx264: 8-bit 4:2:0, or 10-bit for HDR.
    case h264
    /// HEVC (H.265) through libx265: 8-bit 4:2:0, or 10-bit (Main 10) for HDR.
    case hevc
    /// Apple ProRes through FFmpeg's prores_ks encoder: 10-bit, 4:2:2 (4:4:4
    /// for the 4444 profile), every frame a key frame; for editing.
    case prores

    /// The name people know it by, as errors give it.
    public var title: String {
        switch self {
        case .h264: "H.264"
        case .hevc: "HEVC"
        case .prores: "ProRes"
        }
    }

    /// Takes libx264's or libx265's constant rate factor and preset.
    public var takesRateFactor: Bool { self != .prores }
}

/// The ProRes flavours prores_ks writes, from the smallest files to the
/// largest.
public enum ProResProfile: String, Sendable, CaseIterable {
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
