import ArgumentParser
import FoundationEssentials
import ScaleVideo

/// `scale-video request FILE|-`: one job given whole as JSON (ScaleRequest,
/// ScaleRequestCoding), as the studio hands it to the engine, checked as
/// the command line's options are and run as the command line runs one input.
struct RequestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale-video request",
        abstract: "Run one job given whole as a JSON request.",
        discussion: """
            The request is an object naming the input, the output and the target \
            ({"factor": "2"}, {"duration": "7.5"}, {"timeMap": "0=0,4=4,4=5,6=13"} or \
            {"speeds": "0:1,12:0.25"}), and any other option as a field named as the \
            option is, in camel case ("motion": "flow", "keepPitch": true, "fps": \
            "30000/1001", "audioTracks": [2], "trim": {"start": "60", "end": "90"}, \
            "still": {"path": "look.png", "time": "2.5"}); times, rates and maps are \
            written as the options take them. A field left out takes the option's \
            default; a field it does not know, or a value the option would refuse, \
            is refused (exit 64) before anything is read. The output's extension \
            names its container, and a file already there is replaced only with \
            "overwrite": true. A part's manifest (SCALE_VIDEO_PART) keeps its render's \
            request in this form.

            Example:
              echo '{"input": "in.mp4", "output": "slow.mov", "target": {"factor": "2"}, "motion": "blend"}' | scale-video request -
            """)

    @Argument(help: ArgumentHelp("The request: a JSON file, or - to read it from standard input.", valueName: "request.json"))
    var file: String

    @OptionGroup(title: "Reporting")
    var reporting: ReportingOptions

    func run() throws {
        var request = try Self.read(file)
        if let picture = reporting.progressPicture { request.progressPicture = picture }
        if let problem = request.usageProblem() ?? Self.problem(of: request, dryRun: reporting.dryRun) {
            throw ValidationError(problem)
        }
        if reporting.verbose { FFmpegLog.showWarnings() } else { FFmpegLog.silence() }
        let reporter = Reporter(style: reporting.style, jsonResults: reporting.json, total: 1)
        try Batch.runAlone(
            Batch.Item(input: request.input, output: request.output, problem: nil), template: request,
            mode: reporting.dryRun ? .plan(folderToBeMade: false) : .convert, reporter: reporter)
    }

    /// The request in `file` (or standard input); a file that cannot be
    /// read fails (1), one that is not a request is bad usage (64).
    static func read(_ file: String) throws -> ScaleRequest {
        let bytes: [UInt8]
        do {
            bytes = try InputList.contents(of: file)
        } catch {
            Diagnostics.line("scale-video request: \(file) cannot be read (\(error))")
            throw ExitCode.failure
        }
        let name = file == "-" ? "standard input" : file
        do {
            return try JSONDecoder().decode(ScaleRequest.self, from: Data(bytes))
        } catch let error as DecodingError {
            // What is not an object at all is said so, not as a field's fault.
            let isObject = (try? JSONDecoder().decode(JSONObject.self, from: Data(bytes))) != nil
            throw ValidationError("\(name) is not a request: \(isObject ? Self.reason(error) : "it is not a JSON object")")
        }
    }

    /// What a request cannot ask that the command line's options can:
    /// standard input or output (a request names files), a preview outside a dry run.
    private static func problem(of request: ScaleRequest, dryRun: Bool) -> String? {
        if request.input == StandardInput.name || request.writesToStandardOutput {
            return "a request reads and writes files: \"-\" (standard input or output) is the command line's"
        }
        if request.preview != nil && !dryRun { return "--preview is made by a dry run: give --dry-run (a render makes the whole movie)." }
        return nil
    }

    /// Why the JSON is not a request, in a line: the field and what is wrong with it.
    static func reason(_ error: DecodingError) -> String {
        func field(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "" : "\(path): "
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(field(context))it gives no \"\(key.stringValue)\""
        case .typeMismatch(let type, let context): return "\(field(context))it is not \(Self.kind(of: type))"
        case .valueNotFound(let type, let context): return "\(field(context))it is not \(Self.kind(of: type))"
        case .dataCorrupted(let context): return "\(field(context))\(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    /// A JSON value of `type`, in words.
    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        default: "an object of its kind"
        }
    }
}

/// Any JSON object, whatever its fields.
private struct JSONObject: Decodable {
    init(from decoder: Swift.Decoder) throws {
        _ = try decoder.container(keyedBy: JSONFieldName.self)
    }
}
