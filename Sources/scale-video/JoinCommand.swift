import ArgumentParser
import ScaleVideo

/// `scale-video join PARTS… -o OUT` (SPEC §16): the parts a film was
/// rendered in (`--part k/n`) made into the whole render.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale-video join",
        abstract: "Join the parts of a film rendered with --part k/n into the whole render.",
        discussion: """
            The parts (in any order) must be every part of one render, each once: one \
            that is missing, repeated or of another render (another source, other \
            options or another release) is refused, naming it. Their video is copied \
            as it is, in order; the sound, subtitles, chapters, attachments and \
            timecode are made from the source, exactly as the whole render makes \
            them, by the request each part's manifest keeps. The source is read at \
            the path the parts name, or at --input where it moved. The output is \
            written as a render's is (atomically, read back whole) and the parts are \
            left as they are.

            Example:
              scale-video film.mkv -o film.mp4 --factor 2 --motion flow --part 3/8
              scale-video join film.part-*-of-8.mkv -o film.mp4
            """)

    @Argument(help: ArgumentHelp("The parts: the files --part wrote (NAME.part-k-of-n.mkv).", valueName: "parts"))
    var parts: [String]

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The whole render's output, as the parts were rendered for it.", valueName: "path"))
    var output: String

    @Option(help: ArgumentHelp("The source, where it is no longer at the path the parts name.", valueName: "path"))
    var input: String?

    @Flag(help: "Replace an existing output file.")
    var overwrite = false

    @Flag(help: "Do nothing when the output is already there complete (every frame and audio sample, read back): a join run again, as a requeued job is, skips it.")
    var skipExisting = false

    @Flag(help: "Print the result as one JSON object on standard output.")
    var json = false

    @Flag(help: "Show no progress.")
    var quiet = false

    func validate() throws {
        if skipExisting && overwrite { throw ValidationError("Give only one of --overwrite and --skip-existing.") }
        guard OutputContainer(path: output) != nil else {
            throw ValidationError("-o \(output): use a .mov, .mp4, .m4v or .mkv name, as the parts were rendered for.")
        }
    }

    /// Joins the parts by the request their manifests keep, into the output.
    func run() throws {
        let manifests: [(path: String, manifest: PartManifest)]
        do {
            manifests = try parts.map { (path: $0, manifest: try PartManifest.read($0)) }
            _ = try PartManifest.ordered(manifests)
        } catch let error as ScaleError {
            Diagnostics.line("scale-video join: \(error)")
            throw ExitCode.failure
        }
        var request = manifests[0].manifest.request
        request.input = input ?? request.input
        request.overwrite = overwrite
        FFmpegLog.silence()
        let reporter = Reporter(style: quiet ? .none : .auto, jsonResults: json, total: 1)
        try Batch.runAlone(
            Batch.Item(input: request.input, output: output, problem: nil), template: request, mode: .join(parts), reporter: reporter,
            skipExisting: skipExisting)
    }
}
