import CFFmpeg

/// The FFmpeg libraries this process runs with, as they report themselves
/// when loaded (not the headers it was built against).
public enum FFmpegVersions {
    /// FFmpeg's release, e.g. `5.1.6-0+deb12u1`.
    public static var release: String { String(cString: av_version_info()) }

    /// Each library the conversions use, with its version as `major.minor.micro`.
    public static var libraries: [(name: String, version: String)] {
        [
            ("libavutil", dotted(avutil_version())), ("libavcodec", dotted(avcodec_version())),
            ("libavformat", dotted(avformat_version())), ("libavfilter", filterVersion),
            ("libswscale", dotted(swscale_version())), ("libswresample", dotted(swresample_version())),
        ]
    }

    /// libavfilter's version, loaded to ask it; why it cannot be, when it cannot.
    private static var filterVersion: String {
        do { return dotted(try FilterLibrary.loaded().version()) } catch { return "not loadable: \(error)" }
    }

    /// `FFmpeg 5.1.6 (libavutil 57.28.100, …)`.
    public static var line: String {
        "FFmpeg \(release) (" + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ") + ")"
    }

    /// The licence libavcodec was built under, as it reports it (`GPL version 2 or later`).
    public static var licence: String { String(cString: avcodec_license()) }

    /// FFmpeg's packed version (AV_VERSION_INT: major << 16 | minor << 8 | micro) as text.
    private static func dotted(_ packed: UInt32) -> String {
        "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }
}
