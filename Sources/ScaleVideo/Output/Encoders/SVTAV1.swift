import Glibc

/// AV1 through SVT-AV1 at constant quality: 4:2:0, 8 or 10 bits, no alpha,
/// pictures of at least 64 pixels each way.
struct SVTAV1: VideoEncoder {
    let name = "libsvtav1"
    let rateFactors: ClosedRange<Int>? = 1...63
    /// A quality like libx264's default (SVT-AV1's own is not constant quality).
    let defaultRateFactor = 35
    let smallestSide: Int32 = 64

    func holds(_ format: PictureFormat, profile: ProResProfile) -> PictureFormat {
        PictureFormat(chroma: .c420, depth: format.depth, hasAlpha: false)
    }

    /// A rate factor at a speed like libx264's medium unless `preset` says otherwise.
    func options(crf: Int?, preset: String?, profile: ProResProfile) -> [String: String] {
        _ = Self.quiet
        return ["crf": String(crf ?? defaultRateFactor), "preset": String(Self.speed(preset, fastest: 13, medium: 8))]
    }

    /// SVT-AV1 writes its own log on standard error unless told not to, by
    /// its SVT_LOG variable (0: fatal errors only), read when an encoder
    /// opens; set once, and never over the user's own.
    private static let quiet: Void = { setenv("SVT_LOG", "0", 0) }()
}
