import ArgumentParser
import Glibc
import ScaleVideo

/// `scale-video`: reads the options, makes one request template, and runs
/// (or with --dry-run only plans) a batch of inputs with it.
struct ScaleVideoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale-video",
        abstract: "Time-scale movies to an exact duration and frame rate.",
        discussion: HelpText.discussion)

    @Argument(help: "The movies (or sound files) to scale; - reads one from standard input.", completion: .file())
    var inputs: [String] = []

    @OptionGroup(title: "Target")
    var target: TargetOptions

    @OptionGroup(title: "Output")
    var outputs: OutputOptions

    @OptionGroup(title: "Batch")
    var batch: BatchOptions

    @OptionGroup(title: "Audio")
    var audio: AudioOptions

    @OptionGroup(title: "Video")
    var video: VideoOptions

    @OptionGroup(title: "Reporting")
    var reporting: ReportingOptions

    /// Answered by `Entry` before the options are read, as ArgumentParser
    /// answers its own; not the configuration's version text, which would be
    /// made on every run, and making it loads libavfilter to ask its version.
    @Flag(help: "Show the version.")
    var version = false

    /// The checks that span groups (each group checks how its own options
    /// are given), then the request's of what they ask.
    func validate() throws {
        try checkRequest()
        if inputs.isEmpty && batch.inputsFrom == nil { throw ValidationError("Give the inputs: their paths, or --inputs-from <file>.") }
        try checkStandardStreams()
        try Self.check(inputCount: inputs.count, outputs: outputs, audio: audio, target: target, video: video, reporting: reporting)
        if batch.skipExisting && outputs.overwrite { throw ValidationError("Give only one of --overwrite and --skip-existing.") }
    }

    /// The request as the options make it before any input is read, with
    /// -o's output and --part's part, refused where it cannot be run
    /// (ScaleRequest.usageProblem).
    private func checkRequest() throws {
        var request = try template()
        request.output = outputs.output ?? ""
        request.part = try batch.selectedPart().map { FilmPart(number: $0.number, count: $0.count, container: outputs.chosenContainer ?? .mov) }
        if let problem = request.usageProblem(container: outputs.chosenContainer) { throw ValidationError(problem) }
    }

    /// `-` as the input and `-o -` (SPEC §14): a pipe in and out, never a terminal.
    private func checkStandardStreams() throws {
        if outputs.toStandardOutput {
            if reporting.json { throw ValidationError("--json writes its results to standard output, which -o - takes for the movie.") }
            if !reporting.dryRun && isatty(STDOUT_FILENO) == 1 {
                throw ValidationError("-o - writes the movie to standard output, a terminal here: pipe it into a program or a file.")
            }
        }
        guard inputs.contains(StandardInput.name) else { return }
        if inputs.count > 1 || batch.inputsFrom != nil { throw ValidationError("- (standard input) must be the only input.") }
        if outputs.output == nil { throw ValidationError("- (standard input) needs -o: there is no input name to make the output's from.") }
        if isatty(STDIN_FILENO) == 1 {
            throw ValidationError("- reads the movie from standard input, a terminal here: pipe one in, e.g. cat in.mp4 | scale-video - -o out.mov.")
        }
    }

    /// The checks on how many inputs there are, for those on the command
    /// line and again once the list is read.
    private static func check(
        inputCount: Int, outputs: OutputOptions, audio: AudioOptions, target: TargetOptions, video: VideoOptions,
        reporting: ReportingOptions
    ) throws {
        if outputs.output != nil, inputCount > 1 { throw ValidationError("-o takes one input; use --output-dir for several.") }
        if audio.waveform != nil, inputCount > 1 { throw ValidationError("--waveform takes one input.") }
        if target.plotMap != nil, inputCount > 1 { throw ValidationError("--plot-map takes one input.") }
        if video.still != nil, inputCount > 1 { throw ValidationError("--still takes one input.") }
        if video.preview != nil, inputCount > 1 { throw ValidationError("--preview takes one input.") }
        if video.preview != nil, !reporting.dryRun {
            throw ValidationError("--preview is made by a dry run: give --dry-run (a render makes the whole movie).")
        }
        if reporting.progressPicture != nil, inputCount > 1 { throw ValidationError("--progress-picture takes one input.") }
    }

    /// Converts the inputs, or with --dry-run plans them.
    func run() throws {
        let listed = try batch.inputs(after: inputs)
        if batch.part != nil, listed.count > 1 { throw ValidationError("--part splits one film: give one input.") }
        try Self.check(inputCount: listed.count, outputs: outputs, audio: audio, target: target, video: video, reporting: reporting)
        if listed.count > 1 && listed.contains(StandardInput.name) { throw ValidationError("- (standard input) must be the only input.") }
        let shard = try batch.selectedShard()
        let inputs = shard.map { shard in listed.filter(shard.holds) } ?? listed
        var template = try template()
        let signals = SignalTrap.shared
        if reporting.verbose { FFmpegLog.showWarnings() } else { FFmpegLog.silence() }
        let reporter = Reporter(style: reporting.style, jsonResults: reporting.json, total: inputs.count)
        if let shard { reporter.shard(shard, inputs: inputs.count, listed: listed.count) }
        let folderToBeMade = outputs.outputDir.map { !OutputFolder.isFolder($0) } ?? false
        var items = OutputPlan.items(for: inputs, options: outputs, noVideo: video.noVideo, dryRun: reporting.dryRun)
        // A reader that goes away ends the writing with EPIPE, told as such, not with a silent SIGPIPE.
        if outputs.toStandardOutput { signal(SIGPIPE, SIG_IGN) }
        let standardInput = try inputs == [StandardInput.name] ? copyStandardInput(signals) : nil
        // The copy is removed when it is let go: at the end of the run.
        defer { withExtendedLifetime(standardInput) {} }
        if let standardInput { items[0].source = standardInput.path }
        if let part = try batch.selectedPart(), let item = items.first {
            // The part's own file is written; the plan is the whole render's, into its container.
            let whole = FilmPart(number: part.number, count: part.count, container: OutputContainer(path: item.output) ?? .mov)
            template.part = whole
            items[0] = Batch.Item(input: item.input, output: whole.path(for: item.output), problem: item.problem)
        }
        let mode: Batch.Mode = reporting.dryRun ? .plan(folderToBeMade: folderToBeMade) : .convert
        let running = Batch(
            items: items, jobs: outputs.jobs, reporter: reporter, template: template, mode: mode, skipExisting: batch.skipExisting)
        signals.onCancel = { running.cancel() }
        let outcomes = running.run()
        let skipped = outcomes.count { $0.status == "skipped" }
        let (ok, cancelled) = (outcomes.count { $0.succeeded } - skipped, outcomes.count { $0.status == "cancelled" })
        let failed = outcomes.count - ok - skipped - cancelled
        if listed.count > 1 {
            reporter.summary(
                ok: ok, skipped: batch.skipExisting ? skipped : nil, failed: failed, cancelled: cancelled, planned: reporting.dryRun)
        }
        if cancelled > 0 { throw ExitCode(130) }
        if failed > 0 { throw ExitCode.failure }
    }

    /// Standard input copied into a temporary file; Ctrl-C stops the copy.
    private func copyStandardInput(_ signals: SignalTrap) throws -> StandardInput {
        let stopped = Guarded(false)
        signals.onCancel = { stopped.withLock { $0 = true } }
        do {
            return try StandardInput { stopped.withLock { $0 } }
        } catch let failure as StandardInput.Failure {
            Diagnostics.line("scale-video: \(StandardInput.name): \(failure.message)")
            throw stopped.withLock { $0 } ? ExitCode(130) : ExitCode.failure
        }
    }

    /// The request every input's is made from: only the input and the output differ.
    /// Each group puts what its options say into it.
    private func template() throws -> ScaleRequest {
        var request = ScaleRequest(input: "", output: "", target: try target.target(), fps: target.fps)
        target.apply(to: &request)
        audio.apply(to: &request)
        video.apply(to: &request)
        (request.overwrite, request.streamContainer) = (outputs.overwrite, outputs.streamContainer)
        request.progressPicture = reporting.progressPicture
        return request
    }
}
