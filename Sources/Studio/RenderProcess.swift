import Foundation
import Hummingbird
import ScaleVideo

/// The `scale-video` program, run for the page: the same engine, options
/// and messages as the command line (SPEC §15), one process a plan or
/// render, each handed its request whole (`scale-video request -`).
struct RenderProcess: Sendable {
    let program: String
    /// The plans and stills under way, which the server's end stops.
    let looks: LookProcesses

    /// How long a plan or a still may take before it is stopped: a look
    /// is for the page's next moment, not a render.
    static let lookLimit = 120.0

    /// What a run printed and how it ended.
    struct Output: Sendable {
        let status: Int32
        let stdout: Data
        let stderr: String
    }

    /// The plan `--dry-run --json` gives for `request`, as JSON; the
    /// engine's own message, as a 4xx, when it refuses, with the paths of
    /// `folders` shortened to the names in them.
    func plan(_ request: ScaleRequest, folders: [String]) async throws -> Data {
        let output = try await look(request, ["--dry-run", "--json", "--quiet"], asked: "the plan")
        guard output.status == 0 else { throw Self.refusal(output, folders: folders) }
        return output.stdout
    }

    /// The PNG of the picture the render of `request` shows at `seconds`
    /// of output time (a dry run's still); the engine's message, as a
    /// 4xx, when it refuses.
    func still(_ request: ScaleRequest, at seconds: Rational, folders: [String]) async throws -> Data {
        try await made("still.png", asked: "the still at \(RenderOptions.decimal(seconds.doubleValue)) s", folders: folders) { path in
            var look = request
            look.still = StillPicture(path: path, time: seconds)
            return look
        }
    }

    /// The MP4 of the render of `request` around `seconds` of output time
    /// (a dry run's preview); the engine's message, as a 4xx, when it refuses.
    func preview(_ request: ScaleRequest, at seconds: Rational, folders: [String]) async throws -> Data {
        try await made("preview.mp4", asked: "the preview at \(RenderOptions.decimal(seconds.doubleValue)) s", folders: folders) { path in
            var look = request
            look.preview = PreviewClip(path: path, time: seconds)
            return look
        }
    }

    /// The file named `name` that a dry run of the request `by` gives for
    /// its path makes, in a folder of its own, which is removed.
    private func made(_ name: String, asked: String, folders: [String], by request: (String) -> ScaleRequest) async throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scale-video-look-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name).path
        var asking = request(file)
        asking.overwrite = true
        let output = try await look(asking, ["--dry-run", "--json", "--quiet"], asked: asked)
        guard output.status == 0 else { throw Self.refusal(output, folders: folders + [folder.path]) }
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    /// A small copy of the movie or sound at `path` that a browser plays
    /// (PlayableCopies), made at `copy`: the same frames and samples at
    /// 360 lines, as H.264 and AAC, or AAC alone for sound; the engine's
    /// message, as a 4xx, when it refuses.
    func playableCopy(of path: String, at copy: String, folders: [String]) async throws {
        let picture = copy.hasSuffix(".mp4")
        let request = ScaleRequest(
            input: path, output: copy, target: .factor(Rational(1, 1)!), fps: picture ? .source : ScaleRequest.defaultFPS,
            preset: picture ? "veryfast" : nil, overwrite: true, shorterSide: picture ? 360 : nil)
        let output = try await look(request, ["--json", "--quiet"], asked: "a copy the browser plays", limit: nil)
        guard output.status == 0 else { throw Self.refusal(output, folders: folders + [(copy as NSString).deletingLastPathComponent]) }
    }

    /// Runs the program on `request` with the reporting options `flags` for
    /// a plan, a still, a preview or a copy (what is `asked`) to its end:
    /// stopped, as Ctrl-C stops it, when the asking task is cancelled, when
    /// the server ends, or after `limit` seconds (then refused, 422).
    func look(_ request: ScaleRequest, _ flags: [String], asked: String, limit: Double? = Self.lookLimit) async throws -> Output {
        let process = try start(request, flags)
        let run = looks.add(process.process)
        defer { looks.remove(run) }
        let watchdog = limit.map { limit in
            Task {
                try await Task.sleep(for: .seconds(limit))
                looks.stop(run, overTime: true)
            }
        }
        defer { watchdog?.cancel() }
        let output = await withTaskCancellationHandler {
            async let out = Self.readAll(process.stdout)
            async let err = Self.readAll(process.stderr)
            let (stdout, stderr) = await (out, err)
            await Self.waitForExit(process.process)
            return Output(status: process.process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
        } onCancel: {
            looks.stop(run, overTime: false)
        }
        if looks.wasOverTime(run) {
            throw HTTPError(.unprocessableContent, message: "\(asked) would take longer than \(Int(limit ?? 0)) s to make")
        }
        return output
    }

    /// A started run and its two pipes, each read by one task.
    struct Running: Sendable {
        let process: Process
        let stdout: FileHandle
        let stderr: FileHandle
    }

    /// Starts `scale-video request -` with the reporting options `flags`,
    /// `request` written whole to its standard input.
    func start(_ request: ScaleRequest, _ flags: [String]) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["request", "-"] + flags
        let (input, out, err) = (Pipe(), Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let writing = input.fileHandleForWriting
        defer { try? writing.close() }
        try writing.write(contentsOf: try JSONEncoder().encode(request))
        return Running(process: process, stdout: out.fileHandleForReading, stderr: err.fileHandleForReading)
    }

    /// Waits for `process` to end, on a Dispatch thread, not the tasks' pool.
    static func waitForExit(_ process: Process) async {
        await offThePool { process.waitUntilExit() }
    }

    /// Everything `handle` gives until its end, read off the caller's task.
    static func readAll(_ handle: FileHandle) async -> Data {
        (try? await offThePool { handle.readDataToEndOfFile() }) ?? Data()
    }

    /// The engine's refusal as the page shows it: its last line, the
    /// folders' paths left out; 400 for options it cannot take (exit 64, or
    /// the `--json` line's `kind` usage), 409 for an output already there
    /// (`kind` exists), 422 otherwise.
    static func refusal(_ output: Output, folders: [String]) -> HTTPError {
        let lines = output.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Usage:") && !$0.contains("--help") }
        var message = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "the engine failed (exit \(output.status))"
        if message.hasPrefix("Error: ") { message.removeFirst(7) }
        if message.hasPrefix("scale-video: ") { message.removeFirst(13) }
        for folder in folders { message = message.replacingOccurrences(of: folder + "/", with: "") }
        let status: HTTPResponse.Status =
            switch (output.status, failureKind(in: output.stdout)) {
            case (64, _), (_, "usage"): .badRequest
            case (_, "exists"): .conflict
            default: .unprocessableContent
            }
        return HTTPError(status, message: message)
    }

    /// The `kind` of the last `--json` line in `stdout`, if it has one.
    static func failureKind(in stdout: Data) -> String? {
        struct Failure: Decodable { let kind: String? }
        let last = stdout.split(separator: UInt8(ascii: "\n")).last.map { Data($0) }
        return last.flatMap { try? JSONDecoder().decode(Failure.self, from: $0) }?.kind
    }
}
