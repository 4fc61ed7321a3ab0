import ArgumentParser
import ScaleVideo

/// How the video's frames are made and encoded: motion, the codec and its
/// quality and speed, and HDR.
struct VideoOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How output frames are made: nearest (each shows one source frame: sharp, but slow motion steps), blend (slow motion crossfades from each frame into the next; fast motion averages the frames each output frame spans, like a long exposure), flow (slow motion shows motion-compensated in-between pictures, made along the optical flow both ways between frames, falling back to the crossfade where the flow is unsure, and the nearer frame at a cut; fast motion as blend; without alpha).",
        valueName: "mode"))
    var motion: Motion = .nearest

    @Option(help: ArgumentHelp(
        "The video codec: h264 (libx264), hevc (libx265; .mov, .mp4, .mkv), prores (10-bit 4:2:2 for editing; .mov, .mkv), vp9 (libvpx; .webm, .mkv) or av1 (SVT-AV1; .mp4, .mkv, .webm). Default: vp9 for .webm, h264 otherwise.",
        valueName: "codec"))
    var videoCodec: VideoCodec?

    @Option(help: ArgumentHelp(
        "The ProRes flavour, smallest to largest: proxy, lt, standard, hq or 4444 (4:4:4 chroma). Default: hq.",
        valueName: "profile"))
    var proresProfile: ProResProfile?

    @Flag(help: "Keep HDR (PQ or HLG) video as 10-bit HDR (H.264, HEVC or ProRes) with its colour tags and mastering data, instead of tone-mapping it to SDR BT.709.")
    var keepHdr = false

    @Option(parsing: .unconditional, help: ArgumentHelp("The quality (constant rate factor), lower is better: 0 to 51 for h264 (0 lossless) and hevc, 0 to 63 for vp9, 1 to 63 for av1. Default: 23 for h264, 28 for hevc, 32 for vp9, 35 for av1.", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("The encoder's speed, ultrafast … placebo as libx264 names them: libx264's and libx265's own presets; for vp9 and av1, medium is cpu-used 4 and preset 8, each name one step faster or slower. Default: medium.", valueName: "name"))
    var preset: String?

    @Option(help: ArgumentHelp(
        "Scale pictures whose shorter side is longer than n pixels down to n on that side, their shape kept: 720 makes 1280x720 of 1920x1080 (and 720x1280 of a portrait phone video); at least 64. Default: the source's size.",
        valueName: "n"))
    var shorterSide: Int?

    @Flag(help: "Write no video: the output holds the source's sound alone (as an audio output does).")
    var noVideo = false

    @Option(help: ArgumentHelp(
        "Also save the output frame shown at --still-at as a PNG: the picture the render makes there (nearest, blend or flow) before it is encoded, in RGB as a player shows it: turned by the display matrix, square pixels (one input only). With --dry-run it is made by reading only the video that frame needs, and it (with --plot-map's map and --preview) is the only file written.",
        valueName: "file.png"))
    var still: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The output time of --still's frame, in seconds from the output's start: the frame on screen then. Default: 0.",
        valueName: "seconds"))
    var stillAt: Rational?

    @Option(help: ArgumentHelp(
        "Save a short preview of the output: its 3 seconds around --preview-at, each frame the picture the render makes there, scaled down to at most 360 pixels on its shorter side, as H.264 without sound in an MP4 any player or browser plays (--preset applies, and --crf where the codec is H.264; default preset veryfast). Made by a dry run (give --dry-run), which reads only the video those frames need; one input only.",
        valueName: "file.mp4"))
    var preview: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The output time --preview is centred on, in seconds from the output's start (near an end, its 3 seconds lie within the output). Default: 0.",
        valueName: "seconds"))
    var previewAt: Rational?

    /// The checks of how the options are given; what they ask is the
    /// request's to check (ScaleRequest.usageProblem).
    func validate() throws {
        if noVideo && proresProfile != nil { throw ValidationError("--no-video writes no video: leave out --prores-profile.") }
        if stillAt != nil && still == nil { throw ValidationError("--still-at places --still's frame: give --still too.") }
        if previewAt != nil && preview == nil { throw ValidationError("--preview-at places --preview: give --preview too.") }
        if proresProfile != nil, videoCodec != .prores { throw ValidationError("--prores-profile applies to --video-codec prores.") }
    }
}

extension VideoOptions {
    /// The --still asked for, if one is.
    var stillPicture: StillPicture? { still.map { StillPicture(path: $0, time: stillAt ?? .zero) } }

    /// The --preview asked for, if one is.
    var previewClip: PreviewClip? { preview.map { PreviewClip(path: $0, time: previewAt ?? .zero) } }

    /// Puts what these options say into `request`.
    func apply(to request: inout ScaleRequest) {
        (request.motion, request.requestedVideoCodec, request.proResProfile) = (motion, videoCodec, proresProfile ?? .default)
        (request.keepHDR, request.crf, request.preset, request.shorterSide) = (keepHdr, crf, preset, shorterSide)
        (request.noVideo, request.still, request.preview) = (noVideo, stillPicture, previewClip)
    }
}

extension Motion: ExpressibleByArgument {}
extension VideoCodec: ExpressibleByArgument {}
extension ProResProfile: ExpressibleByArgument {}
