import ArgumentParser
import ScaleVideo

/// Where the outputs go, in what container, and how many are made at once.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("The output file (one input only): .mov, .mp4, .m4v, .mkv, or for audio alone .wav, .aiff, .caf, .flac, .m4a, .webm; - writes Matroska (or --container's) to standard output as it is made (not atomic).", valueName: "path"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("Write each output into this folder (created if missing) as NAME-scaled.EXT.", valueName: "dir"), completion: .directory)
    var outputDir: String?

    @Option(help: ArgumentHelp("The container, and extension, of generated output names, e.g. mov, mp4, mkv, or wav to export sound alone. Default: mov (for sound alone, its own format or m4a). With -o -, the container written to standard output: mkv (the default), webm (Matroska too), ts (MPEG-TS: H.264 or HEVC with AAC, whose 1024 priming samples it cannot mark, so a reader decodes them just before the picture starts) or nut (NUT: any video codec with PCM or FLAC); the others cannot be streamed.", valueName: "ext"))
    var container: OutputContainer?

    @Option(parsing: .unconditional, help: ArgumentHelp("How many inputs to convert at once.", valueName: "n"))
    var jobs: Int = 1

    @Flag(help: "Replace existing output files.")
    var overwrite = false

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64.") }
        if let output {
            if outputDir != nil { throw ValidationError("Give only one of -o and --output-dir.") }
            if toStandardOutput {
                if let container, let refusal = container.streamingRefusal { throw ValidationError("-o - --container \(container.rawValue): \(refusal).") }
                return
            }
            if container != nil { throw ValidationError("--container names generated outputs; -o names its own.") }
        } else if let container, container.isStreamOnly {
            throw ValidationError("--container \(container.rawValue) is written to standard output alone: give -o - with it, or a file container such as mkv.")
        }
    }

    /// The container every output is known to have before any input is
    /// read: -o's, or --container's (with -o -, Matroska unless it is given).
    var chosenContainer: OutputContainer? {
        toStandardOutput ? streamContainer : output.flatMap(OutputContainer.init(path:)) ?? container
    }

    /// The container `-o -` writes: --container's, or Matroska.
    var streamContainer: OutputContainer { container ?? .mkv }

    /// `-o -`: the movie goes to standard output.
    var toStandardOutput: Bool { output == ScaleRequest.standardOutput }
}

extension OutputContainer: ExpressibleByArgument {}
