/// HEVC through libx265: every chroma at 8 or 10 bits, no alpha, written
/// as hvc1 in QuickTime and MP4.
struct LibX265: VideoEncoder {
    let name = "libx265"
    let rateFactors: ClosedRange<Int>? = 0...51
    let defaultRateFactor = 28
    let smallestSide: Int32 = 16
    var marksFullRange: Bool { true }

    func holds(_ format: PictureFormat, profile: ProResProfile) -> PictureFormat { Self.anyChromaWithoutAlpha(format) }

    func options(crf: Int?, preset: String?, profile: ProResProfile) -> [String: String] {
        // libx265 writes its own log on standard error unless told not to.
        Self.rateFactorAndPreset(crf: crf, preset: preset).merging(["x265-params": "log-level=none"]) { $1 }
    }

    /// Apple's players take HEVC in mov/mp4 only as hvc1 (parameter sets in the header).
    func codecTag(in container: OutputContainer) -> UInt32 {
        container == .mov || container == .mp4 ? Self.tag("hvc1") : 0
    }

    /// A four-character code as FFmpeg's MKTAG packs it.
    private static func tag(_ code: String) -> UInt32 {
        code.utf8.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
