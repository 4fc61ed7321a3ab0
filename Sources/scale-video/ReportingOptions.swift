import ArgumentParser

/// What the command tells while and after it works, and whether it works
/// at all or only plans.
struct ReportingOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per input on standard output when it ends.")
    var json = false

    @Option(help: ArgumentHelp(
        "auto: a bar on a terminal, else a line a second per input; json: JSON lines on standard error.",
        valueName: "style"))
    var progress: ProgressStyle = .auto

    @Option(help: ArgumentHelp(
        "While rendering, keep the latest output frame in this PNG file (at most 640 pixels wide, as a player shows it), replaced whole about once a second, for a page or a dashboard to show; removed when the render ends (one input only).",
        valueName: "file.png"))
    var progressPicture: String?

    @Flag(help: "Show no progress (same as --progress none).")
    var quiet = false

    @Flag(help: "Also show FFmpeg's own warnings about the input.")
    var verbose = false

    @Flag(help: "Print each input's plan (durations, factor, frames, audio samples, what is kept, changed and dropped) and write nothing but --plot-map's and --still's pictures and --preview's movie.")
    var dryRun = false

    func validate() throws {
        if quiet && progress != .auto { throw ValidationError("Give only one of --quiet and --progress.") }
    }

    /// How progress is shown, --quiet taken into account.
    var style: ProgressStyle { quiet ? .none : progress }
}

extension ProgressStyle: ExpressibleByArgument {}
