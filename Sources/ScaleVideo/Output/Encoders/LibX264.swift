/// H.264 through libx264: every chroma at 8 or 10 bits, no alpha.
struct LibX264: VideoEncoder {
    let name = "libx264"
    let rateFactors: ClosedRange<Int>? = 0...51
    let defaultRateFactor = 23
    let smallestSide: Int32 = 2
    var marksFullRange: Bool { true }

    func holds(_ format: PictureFormat, profile: ProResProfile) -> PictureFormat { Self.anyChromaWithoutAlpha(format) }

    func options(crf: Int?, preset: String?, profile: ProResProfile) -> [String: String] {
        Self.rateFactorAndPreset(crf: crf, preset: preset)
    }
}
