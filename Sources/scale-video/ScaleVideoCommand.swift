import ArgumentParser
import Foundation
import ScaleVideo

@main
struct ScaleVideoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale-video",
        abstract: "Time-scale a movie to an exact duration and frame rate.",
        discussion: """
            The output plays the same content uniformly faster or slower. Video \
            frames are repeated (slowing down) or skipped (speeding up) against \
            the output frame clock and encoded as H.264; audio is time-scaled by \
            linear interpolation, keeping its channels and sample rate, and \
            written as PCM (.mov, .mkv) or AAC (.mp4, .m4v).

            Without -o, each output goes next to its input as NAME-scaled.mov. \
            The input is never modified; the output appears only when complete.

            Examples:
              scale-video in.mp4 --duration 20 --fps 30
              scale-video in.mp4 -o slow.mov --factor 2
              scale-video in.mov -o fast.mp4 --factor 0.5 --fps 30000/1001 --crf 18
            """)

    @Argument(help: "The movies to scale.")
    var inputs: [String]

    @Option(help: ArgumentHelp("The output's duration in seconds, e.g. 20 or 7.5.", valueName: "seconds"))
    var duration: Rational?

    @Option(help: ArgumentHelp("The output's duration as a multiple of the source's: 2 = twice as long, 0.5 = twice as fast.", valueName: "x"))
    var factor: Rational?

    @Option(help: ArgumentHelp("The output frame rate: 30, 29.97 or 30000/1001.", valueName: "rate"))
    var fps: Rational = Rational(30, 1)!

    @Option(name: [.short, .long], help: ArgumentHelp("The output file (one input only); .mov, .mp4, .m4v or .mkv.", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("pcm or aac. Default: aac for .mp4/.m4v, pcm otherwise.", valueName: "codec"))
    var audioCodec: AudioCodec?

    @Option(help: ArgumentHelp("libx264 quality, 0 (lossless) to 51 (worst). Default: 23.", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("libx264 speed: ultrafast … placebo. Default: medium.", valueName: "name"))
    var preset: String?

    @Flag(help: "Replace an existing output file.")
    var overwrite = false

    @Flag(help: "Show no progress.")
    var quiet = false

    @Flag(help: "Also show FFmpeg's own warnings about the input.")
    var verbose = false

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
        if output != nil && inputs.count > 1 { throw ValidationError("-o takes one input; give one input per run.") }
        if let output {
            guard let container = OutputContainer(path: output) else {
                throw ValidationError("-o \(output): use a .mov, .mp4, .m4v or .mkv name.")
            }
            if let audioCodec, !container.canCarry(audioCodec) {
                throw ValidationError("\(audioCodec.rawValue) audio cannot be stored in .\(container.rawValue); use --audio-codec aac or a .mov/.mkv output.")
            }
        }
    }

    func run() throws {
        let signals = SignalTrap()
        if verbose { FFmpegLog.showWarnings() } else { FFmpegLog.silence() }
        let target: TimeScale.Target = duration.map { .duration($0) } ?? .factor(factor!)
        var failed = false
        for input in inputs {
            let request = ScaleRequest(
                input: input, output: output ?? Self.defaultOutput(for: input), target: target, fps: fps,
                audioCodec: audioCodec, crf: crf, preset: preset, overwrite: overwrite)
            let job = ScaleJob(request: request)
            signals.onCancel = { job.cancel() }
            let display = ProgressDisplay(name: input, quiet: quiet)
            do {
                let result = try job.run(
                    progress: { display.show($0) },
                    warning: { Diagnostics.line("scale-video: \(input): warning: \($0)") })
                display.finish()
                Diagnostics.line(
                    "scale-video: \(input) → \(result.output): \(result.frames) frames, "
                        + "\(Self.seconds(result.duration)) s at \(result.fps) fps in \(Self.seconds(result.seconds)) s")
            } catch ScaleError.cancelled {
                display.finish()
                Diagnostics.line("scale-video: \(input): cancelled, nothing written")
                throw ExitCode(130)
            } catch {
                display.finish()
                Diagnostics.line("scale-video: \(input): \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// `NAME.EXT` → `NAME-scaled.mov` in the same folder.
    static func defaultOutput(for input: String) -> String {
        (input as NSString).deletingPathExtension + "-scaled.mov"
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}

extension Rational: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension AudioCodec: ExpressibleByArgument {}
