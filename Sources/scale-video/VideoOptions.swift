import ArgumentParser
import ScaleVideo

/// How the video's frames are made and encoded: motion, libx264's quality and speed, and HDR.
struct VideoOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How output frames are made: nearest (each shows one source frame: sharp, but slow motion steps), blend (slow motion crossfades from each frame into the next; fast motion averages the frames each output frame spans, like a long exposure), flow (slow motion shows motion-compensated in-between pictures, as FFmpeg's minterpolate makes them; fast motion as blend; 8-bit pictures only).",
        valueName: "mode"))
    var motion: Motion = .nearest

    @Flag(help: "Keep HDR (PQ or HLG) video as 10-bit HDR H.264 with its colour tags and mastering data, instead of tone-mapping it to SDR BT.709.")
    var keepHdr = false

    @Option(help: ArgumentHelp("libx264 quality, 0 (lossless) to 51 (worst). Default: 23.", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("libx264 speed: ultrafast … placebo. Default: medium.", valueName: "name"))
    var preset: String?

    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    func validate() throws {
        if let crf, !(0...51).contains(crf) { throw ValidationError("--crf must be between 0 and 51.") }
        if let preset, !Self.presets.contains(preset) {
            throw ValidationError("--preset must be one of \(Self.presets.joined(separator: ", ")).")
        }
    }
}

extension Motion: ExpressibleByArgument {}
