/// Apple ProRes through FFmpeg's prores_ks: 10-bit 4:2:2, or 4:4:4 with
/// alpha for the 4444 profile; no rate factor.
struct ProResKS: VideoEncoder {
    let name = "prores_ks"
    let rateFactors: ClosedRange<Int>? = nil
    let defaultRateFactor = 23
    let smallestSide: Int32 = 2

    func holds(_ format: PictureFormat, profile: ProResProfile) -> PictureFormat {
        PictureFormat(
            chroma: profile == .p4444 ? .c444 : .c422, depth: 10, hasAlpha: format.hasAlpha && profile == .p4444)
    }

    func options(crf: Int?, preset: String?, profile: ProResProfile) -> [String: String] {
        ["profile": String(Self.number(profile))]
    }

    /// prores_ks's number for `profile`.
    private static func number(_ profile: ProResProfile) -> Int {
        switch profile {
        case .proxy: 0
        case .lt: 1
        case .standard: 2
        case .hq: 3
        case .p4444: 4
        }
    }
}
