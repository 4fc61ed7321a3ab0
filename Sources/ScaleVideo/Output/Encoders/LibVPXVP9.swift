/// VP9 through libvpx at constant quality: every chroma at 8 or 10 bits,
/// alpha at 8-bit 4:2:0.
struct LibVPXVP9: VideoEncoder {
    let name = "libvpx-vp9"
    let rateFactors: ClosedRange<Int>? = 0...63
    /// A quality like libx264's default (libvpx has no constant-quality default).
    let defaultRateFactor = 32
    let smallestSide: Int32 = 2
    var marksFullRange: Bool { true }

    func holds(_ format: PictureFormat, profile: ProResProfile) -> PictureFormat {
        format.hasAlpha
            ? PictureFormat(chroma: .c420, depth: 8, hasAlpha: true)
            : PictureFormat(chroma: format.chroma ?? .c420, depth: format.depth, hasAlpha: false)
    }

    /// A rate factor and no bit rate, at a speed like libx264's medium unless
    /// `preset` says otherwise, rows in parallel.
    func options(crf: Int?, preset: String?, profile: ProResProfile) -> [String: String] {
        [
            "crf": String(crf ?? defaultRateFactor), "b": "0", "deadline": "good",
            "cpu-used": String(Self.speed(preset, fastest: 8, medium: 4)), "row-mt": "1",
        ]
    }
}
