import ArgumentParser
import Foundation
import ScaleVideo

@main
struct ScaleVideoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale-video",
        abstract: "Time-scale movies to an exact duration and frame rate.",
        discussion: """
            The output plays the same content uniformly faster or slower. Video \
            frames are repeated (slowing down) or skipped (speeding up) against \
            the output frame clock and encoded as H.264; audio is time-scaled by \
            linear interpolation, keeping its channels and sample rate, and \
            written as PCM (.mov, .mkv) or AAC (.mp4, .m4v). Audio that starts \
            before or after the first frame is lined up with the picture.

            Rotation, pixel shape, colour tags, container tags, stream \
            languages and chapters (retimed) are carried over. HDR (PQ, HLG) \
            is tone-mapped to SDR BT.709 unless --keep-hdr is given. One audio \
            track is scaled (the default one, or --audio-track); subtitles and \
            other tracks are left out. Each result names what was kept, \
            changed and dropped.

            Sound alone: an input without video (wav, aiff, caf, flac, m4a, \
            aac, mp3, …) is scaled into an audio file, and a movie's audio is \
            exported alone to an audio output (-o out.wav, .aiff, .caf, .flac, \
            .m4a; with --factor 1 an exact decode). Lossless outputs keep the \
            source's sample format (16-bit, 24-bit, 32-bit or float; FLAC up to \
            24-bit). --start/--end scale only part of the source, --pad-audio \
            fills short audio with silence to the video's end, --mono merges \
            the channels, and --waveform draws the source and scaled audio as \
            decibel bars into a PNG.

            Without -o, each output goes next to its input (or into \
            --output-dir) as NAME-scaled.mov, or with the --container extension; \
            sound alone keeps its format (song.flac → song-scaled.flac) where it \
            can be written, else becomes AAC in NAME-scaled.m4a. \
            Inputs are never modified; an output appears only when complete, and \
            an existing file is replaced only with --overwrite.

            Every input is tried; one that fails does not stop the others. \
            --json prints one JSON object per input on standard output, with \
            what the written file was measured to hold and its audio/video \
            drift. Ctrl-C cancels and removes unfinished outputs. \
            Exit status: 0 all converted, 1 an input failed, 64 bad usage, \
            130 cancelled.

            Examples:
              scale-video in.mp4 --duration 20 --fps 30
              scale-video in.mp4 -o slow.mov --factor 2
              scale-video in.mov -o fast.mp4 --factor 0.5 --fps 30000/1001 --crf 18
              scale-video clips/*.mp4 --factor 2 --output-dir scaled --jobs 2 --json
              scale-video concert.mkv -o concert.mov --factor 2 --audio-track 2
              scale-video song.flac --factor 1.25 --waveform song.png
              scale-video talk.mp4 -o talk.wav --start 60 --end 90 --factor 1
            """)

    @Argument(help: "The movies (or sound files) to scale.")
    var inputs: [String]

    @Option(help: ArgumentHelp("The output's duration in seconds, e.g. 20 or 7.5.", valueName: "seconds"))
    var duration: Rational?

    @Option(help: ArgumentHelp("The output's duration as a multiple of the source's: 2 = twice as long, 0.5 = twice as fast.", valueName: "x"))
    var factor: Rational?

    @Option(help: ArgumentHelp("The output frame rate: 30, 29.97 or 30000/1001.", valueName: "rate"))
    var fps: Rational = Rational(30, 1)!

    @Option(name: [.short, .long], help: ArgumentHelp("The output file (one input only): .mov, .mp4, .m4v, .mkv, or for audio alone .wav, .aiff, .caf, .flac, .m4a.", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("Write each output into this folder (created if missing) as NAME-scaled.EXT.", valueName: "dir"))
    var outputDir: String?

    @Option(help: ArgumentHelp("The container, and extension, of generated output names, e.g. mov, mp4, mkv, or wav to export sound alone. Default: mov (for sound alone, its own format or m4a).", valueName: "ext"))
    var container: OutputContainer?

    @Option(help: ArgumentHelp("The audio codec: pcm (lossless: PCM, or FLAC in .flac) or aac. Default: aac for .mp4/.m4v/.m4a, pcm otherwise.", valueName: "codec"))
    var audioCodec: AudioCodec?

    @Option(help: ArgumentHelp(
        "The audio track to scale: 1 for the input's first, 2 for its second, … Default: the input's default track; the others are left out.",
        valueName: "n"))
    var audioTrack: Int?

    @Flag(help: "Keep HDR (PQ or HLG) video as 10-bit HDR H.264 with its colour tags and mastering data, instead of tone-mapping it to SDR BT.709.")
    var keepHdr = false

    @Option(help: ArgumentHelp(
        "Scale only the source from this time on, in seconds from its first frame (or sample). Video starts with the frame on screen then; audio with the nearest sample.",
        valueName: "seconds"))
    var start: Rational?

    @Option(help: ArgumentHelp(
        "Scale only the source up to this time, in seconds from its first frame (or sample). --duration and --factor then apply to the part from --start to --end.",
        valueName: "seconds"))
    var end: Rational?

    @Flag(help: "When the audio ends before the video, fill it with digital silence to the video's end, so both streams end together.")
    var padAudio = false

    @Flag(help: "Merge all audio channels into one (their average) before scaling.")
    var mono = false

    @Option(help: ArgumentHelp(
        "Also draw the source audio above the scaled audio as decibel bars over time, into this PNG file (one input only).",
        valueName: "file.png"))
    var waveform: String?

    @Option(help: ArgumentHelp("The level, in dB below full scale, at which the waveform's bars start. Default: -70.", valueName: "dB"))
    var noiseFloor: Double = WaveformPicture.defaultNoiseFloor

    @Option(help: ArgumentHelp("libx264 quality, 0 (lossless) to 51 (worst). Default: 23.", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("libx264 speed: ultrafast … placebo. Default: medium.", valueName: "name"))
    var preset: String?

    @Option(help: ArgumentHelp("How many inputs to convert at once.", valueName: "n"))
    var jobs: Int = 1

    @Flag(help: "Replace existing output files.")
    var overwrite = false

    @Flag(help: "Print one JSON object per input on standard output when it ends.")
    var json = false

    @Option(help: ArgumentHelp(
        "auto: a bar on a terminal, else a line a second per input; json: JSON lines on standard error.",
        valueName: "style"))
    var progress: ProgressStyle = .auto

    @Flag(help: "Show no progress (same as --progress none).")
    var quiet = false

    @Flag(help: "Also show FFmpeg's own warnings about the input.")
    var verbose = false

    @Flag(help: "Print each input's plan (durations, factor, frames, audio samples, what is kept, changed and dropped) and write nothing.")
    var dryRun = false

    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    func validate() throws {
        switch (duration, factor) {
        case (nil, nil): throw ValidationError("Give the target as --duration <seconds> or --factor <x>.")
        case (.some, .some): throw ValidationError("Give only one of --duration and --factor.")
        case (let value?, nil) where !value.isPositive: throw ValidationError("--duration must be above 0.")
        case (nil, let value?) where !value.isPositive: throw ValidationError("--factor must be above 0.")
        default: break
        }
        guard fps.isPositive, fps.numerator <= Int32.max, fps.denominator <= Int32.max, fps.doubleValue <= 1000 else {
            throw ValidationError("--fps must be above 0 and at most 1000.")
        }
        if let crf, !(0...51).contains(crf) { throw ValidationError("--crf must be between 0 and 51.") }
        if let preset, !Self.presets.contains(preset) {
            throw ValidationError("--preset must be one of \(Self.presets.joined(separator: ", ")).")
        }
        if let audioTrack, audioTrack < 1 { throw ValidationError("--audio-track counts from 1.") }
        try validateTrim()
        if let waveform {
            if inputs.count > 1 { throw ValidationError("--waveform takes one input.") }
            if !waveform.lowercased().hasSuffix(".png") { throw ValidationError("--waveform \(waveform): use a .png name.") }
            if waveform == output { throw ValidationError("--waveform and -o name the same file.") }
        }
        guard noiseFloor < 0, noiseFloor >= -300 else { throw ValidationError("--noise-floor must be below 0 dB and at least -300 dB.") }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64.") }
        if quiet && progress != .auto { throw ValidationError("Give only one of --quiet and --progress.") }
        try validateOutputs()
    }

    private func validateOutputs() throws {
        var chosen = container
        if let output {
            if inputs.count > 1 { throw ValidationError("-o takes one input; use --output-dir for several.") }
            if outputDir != nil { throw ValidationError("Give only one of -o and --output-dir.") }
            if container != nil { throw ValidationError("--container names generated outputs; -o names its own.") }
            guard let named = OutputContainer(path: output) else {
                throw ValidationError("-o \(output): use a .mov, .mp4, .m4v or .mkv name, or for audio alone .wav, .aiff, .caf, .flac or .m4a.")
            }
            chosen = named
        }
        if let chosen, let audioCodec, !chosen.canCarry(audioCodec) {
            throw ValidationError("\(audioCodec.rawValue) audio cannot be stored in .\(chosen.rawValue); choose the other --audio-codec or another container.")
        }
    }

    private func validateTrim() throws {
        if let start, start < .zero { throw ValidationError("--start cannot be below 0.") }
        if let end {
            guard end.isPositive else { throw ValidationError("--end must be above 0.") }
            if let start, end <= start { throw ValidationError("--end must come after --start.") }
        }
    }

    func run() throws {
        let signals = SignalTrap()
        if verbose { FFmpegLog.showWarnings() } else { FFmpegLog.silence() }
        let reporter = Reporter(style: quiet ? .none : progress, jsonResults: json, total: inputs.count)
        let batch = Batch(
            items: plan(), jobs: jobs, reporter: reporter, request: requestMaker(),
            mode: dryRun ? .plan(folderToBeMade: outputDir.map { !OutputFolder.isFolder($0) } ?? false) : .convert)
        signals.onCancel = { batch.cancel() }
        let outcomes = batch.run()
        let counts = (
            ok: outcomes.count { $0.status == "ok" || $0.status == "planned" }, failed: outcomes.count { $0.status == "failed" },
            cancelled: outcomes.count { $0.status == "cancelled" }
        )
        if inputs.count > 1 {
            reporter.summary(ok: counts.ok, failed: counts.failed, cancelled: counts.cancelled, planned: dryRun)
        }
        if counts.cancelled > 0 { throw ExitCode(130) }
        if counts.failed > 0 { throw ExitCode.failure }
    }

    /// Each input with its output, or why it has none.
    private func plan() -> [Batch.Item] {
        let folderProblem = outputDir.flatMap { folder in
            (dryRun ? OutputFolder.check(folder) : OutputFolder.make(folder)).map { "cannot create the output folder \(folder): \($0)" }
        }
        let outputs = OutputPlan.outputs(for: inputs, output: output, directory: outputDir, container: container)
        return zip(inputs, outputs).map { input, planned in
            Batch.Item(input: input, output: planned.path, problem: folderProblem ?? planned.conflict)
        }
    }

    private func requestMaker() -> @Sendable (String, String) -> ScaleRequest {
        let target: TimeScale.Target = duration.map { .duration($0) } ?? .factor(factor!)
        let (fps, audioCodec, crf, preset, overwrite) = (fps, audioCodec, crf, preset, overwrite)
        let (audioTrack, keepHDR, mono, padAudio, waveform, noiseFloor) = (audioTrack, keepHdr, mono, padAudio, waveform, noiseFloor)
        let trim = Trim(start: start ?? .zero, end: end)
        return { input, output in
            ScaleRequest(
                input: input, output: output, target: target, fps: fps,
                audioCodec: audioCodec, crf: crf, preset: preset, overwrite: overwrite,
                audioTrack: audioTrack, keepHDR: keepHDR, trim: trim, mono: mono, padAudio: padAudio,
                waveform: waveform, noiseFloor: noiseFloor)
        }
    }
}

extension Rational: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension AudioCodec: ExpressibleByArgument {}

extension OutputContainer: ExpressibleByArgument {}

extension ProgressStyle: ExpressibleByArgument {}
