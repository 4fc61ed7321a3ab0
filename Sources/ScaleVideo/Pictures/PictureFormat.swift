/// What a picture's pixel format is, as far as an output keeps it: YUV
/// with chroma 4:2:0, 4:2:2 or 4:4:4, its bit depth, and alpha (SPEC §12).
/// FFmpeg's formats are described so in FFmpeg/Bridges; the format an
/// output is written in is chosen in Video/WrittenFormat.
struct PictureFormat: Sendable, Equatable {
    /// Chroma subsampling.
    enum Chroma: Sendable, Equatable {
        case c420, c422, c444

        var digits: String {
            switch self {
            case .c420: "420"
            case .c422: "422"
            case .c444: "444"
            }
        }
    }

    /// FFmpeg's name for it, e.g. `yuv422p10le`.
    let name: String
    /// The chroma of a YUV format with one of the three subsamplings; nil
    /// for any other (RGB, grey, 4:1:1, 4:4:0, …).
    let chroma: Chroma?
    /// Bits per sample.
    let depth: Int
    let hasAlpha: Bool

    /// A format as FFmpeg describes it.
    init(name: String, chroma: Chroma?, depth: Int, hasAlpha: Bool) {
        self.name = name
        self.chroma = chroma
        self.depth = depth
        self.hasAlpha = hasAlpha
    }

    /// The planar YUV format of `chroma`, 8 or 10 bits, with alpha or not.
    init(chroma: Chroma, depth: Int, hasAlpha: Bool) {
        self.init(
            name: "yuv\(hasAlpha ? "a" : "")\(chroma.digits)p\(depth > 8 ? "\(depth)le" : "")", chroma: chroma, depth: depth,
            hasAlpha: hasAlpha)
    }
}
