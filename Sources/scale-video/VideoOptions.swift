import ArgumentParser
import ScaleVideo

/// How the video's frames are made and encoded: motion, the codec and its
/// quality and speed, and HDR.
struct VideoOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How output frames are made: nearest (each shows one source frame: sharp, but slow motion steps), blend (slow motion crossfades from each frame into the next; fast motion averages the frames each output frame spans, like a long exposure), flow (slow motion shows motion-compensated in-between pictures, as FFmpeg's minterpolate makes them; fast motion as blend; 8-bit pictures only).",
        valueName: "mode"))
    var motion: Motion = .nearest

    @Option(help: ArgumentHelp(
        "The video codec: h264 (libx264), hevc (libx265; .mov, .mp4, .mkv) or prores (10-bit 4:2:2 for editing; .mov, .mkv). Default: h264.",
        valueName: "codec"))
    var videoCodec: VideoCodec?

    @Option(help: ArgumentHelp(
        "The ProRes flavour, smallest to largest: proxy, lt, standard, hq or 4444 (4:4:4 chroma). Default: hq.",
        valueName: "profile"))
    var proresProfile: ProResProfile?

    @Flag(help: "Keep HDR (PQ or HLG) video as 10-bit HDR (H.264, HEVC or ProRes) with its colour tags and mastering data, instead of tone-mapping it to SDR BT.709.")
    var keepHdr = false

    @Option(help: ArgumentHelp("libx264's or libx265's quality, 0 (best; lossless for h264) to 51 (worst). Default: 23 for h264, 28 for hevc.", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("libx264's or libx265's speed: ultrafast … placebo. Default: medium.", valueName: "name"))
    var preset: String?

    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// The codec written: the one asked for, or H.264.
    var codec: VideoCodec { videoCodec ?? .h264 }

    func validate() throws {
        if let crf, !(0...51).contains(crf) { throw ValidationError("--crf must be between 0 and 51.") }
        if let preset, !Self.presets.contains(preset) {
            throw ValidationError("--preset must be one of \(Self.presets.joined(separator: ", ")).")
        }
        if !codec.takesRateFactor, crf != nil || preset != nil {
            throw ValidationError("--crf and --preset set libx264's and libx265's quality and speed; ProRes has none: choose its --prores-profile.")
        }
        if proresProfile != nil, codec != .prores { throw ValidationError("--prores-profile applies to --video-codec prores.") }
        if motion == .flow, codec == .prores {
            throw ValidationError("--motion flow makes 8-bit pictures only: with --video-codec prores (10-bit) use --motion blend.")
        }
    }
}

extension Motion: ExpressibleByArgument {}
extension VideoCodec: ExpressibleByArgument {}
extension ProResProfile: ExpressibleByArgument {}
