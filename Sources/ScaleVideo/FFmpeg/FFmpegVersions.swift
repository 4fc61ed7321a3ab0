import CFFmpeg

/// The FFmpeg libraries this process runs with, as they report themselves
/// when loaded (not the headers it was built against).
public enum FFmpegVersions {
    /// FFmpeg's release, e.g. `5.1.6-0+deb12u1`.
    public static var release: String { String(cString: av_version_info()) }

    /// Each library the conversions use, with its version as `major.minor.micro`.
    public static var libraries: [(name: String, version: String)] {
        [
            ("libavutil", avutil_version()), ("libavcodec", avcodec_version()), ("libavformat", avformat_version()),
            ("libavfilter", avfilter_version()), ("libswscale", swscale_version()),
            ("libswresample", swresample_version()),
        ].map { ($0.0, dotted($0.1)) }
    }

    /// `FFmpeg 5.1.6 (libavutil 57.28.100, …)`.
    public static var line: String {
        "FFmpeg \(release) (" + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ") + ")"
    }

    /// FFmpeg's packed version (AV_VERSION_INT: major << 16 | minor << 8 | micro) as text.
    private static func dotted(_ packed: UInt32) -> String {
        "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }
}
