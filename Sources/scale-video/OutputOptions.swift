import ArgumentParser
import ScaleVideo

/// Where the outputs go, in what container, and how many are made at once.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("The output file (one input only): .mov, .mp4, .m4v, .mkv, or for audio alone .wav, .aiff, .caf, .flac, .m4a, .webm; - writes Matroska to standard output as it is made (not atomic).", valueName: "path"), completion: .file())
    var output: String?

    @Option(help: ArgumentHelp("Write each output into this folder (created if missing) as NAME-scaled.EXT.", valueName: "dir"), completion: .directory)
    var outputDir: String?

    @Option(help: ArgumentHelp("The container, and extension, of generated output names, e.g. mov, mp4, mkv, or wav to export sound alone. Default: mov (for sound alone, its own format or m4a).", valueName: "ext"))
    var container: OutputContainer?

    @Option(parsing: .unconditional, help: ArgumentHelp("How many inputs to convert at once.", valueName: "n"))
    var jobs: Int = 1

    @Flag(help: "Replace existing output files.")
    var overwrite = false

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64.") }
        if let output {
            if outputDir != nil { throw ValidationError("Give only one of -o and --output-dir.") }
            if container != nil { throw ValidationError("--container names generated outputs; -o names its own.") }
            guard ScaleRequest.container(ofOutput: output) != nil else {
                throw ValidationError("-o \(output): use a .mov, .mp4, .m4v or .mkv name, or for audio alone .wav, .aiff, .caf, .flac, .m4a or .webm.")
            }
        }
    }

    /// The container every output is known to have before any input is
    /// read: -o's, or --container's.
    var chosenContainer: OutputContainer? { output.flatMap(ScaleRequest.container(ofOutput:)) ?? container }

    /// `-o -`: Matroska to standard output.
    var toStandardOutput: Bool { output == ScaleRequest.standardOutput }
}

extension OutputContainer: ExpressibleByArgument {}
