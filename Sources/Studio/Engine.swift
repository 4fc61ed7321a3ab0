import Foundation
import Hummingbird

/// The `scale-video` program, run for the page: the same engine, options
/// and messages as the command line (SPEC §15), one process a plan or render.
struct Engine: Sendable {
    let program: String

    /// What a run printed and how it ended.
    struct Output: Sendable {
        let status: Int32
        let stdout: Data
        let stderr: String
    }

    /// The plan `--dry-run --json` gives for `arguments`, as JSON; the
    /// engine's own message, as a 4xx, when it refuses, with the paths of
    /// `folders` shortened to the names in them.
    func plan(_ arguments: [String], folders: [String]) async throws -> Data {
        let output = try await run(arguments + ["--dry-run", "--json", "--quiet"])
        guard output.status == 0 else { throw Self.refusal(output, folders: folders) }
        return output.stdout
    }

    /// Runs the program to its end.
    func run(_ arguments: [String]) async throws -> Output {
        let process = try start(arguments)
        async let out = Self.readAll(process.stdout)
        async let err = Self.readAll(process.stderr)
        let (stdout, stderr) = await (out, err)
        await Self.waitForExit(process.process)
        return Output(status: process.process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A started run and its two pipes.
    struct Running: @unchecked Sendable {
        let process: Process
        let stdout: FileHandle
        let stderr: FileHandle
    }

    func start(_ arguments: [String]) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
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
    /// folders' paths left out; 400 for options it cannot take (exit 64),
    /// 409 for an output already there, 422 otherwise.
    static func refusal(_ output: Output, folders: [String]) -> HTTPError {
        let lines = output.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Usage:") && !$0.contains("--help") }
        var message = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "the engine failed (exit \(output.status))"
        if message.hasPrefix("Error: ") { message.removeFirst(7) }
        if message.hasPrefix("scale-video: ") { message.removeFirst(13) }
        for folder in folders { message = message.replacingOccurrences(of: folder + "/", with: "") }
        let status: HTTPResponse.Status =
            output.status == 64 ? .badRequest : message.contains("already exists") ? .conflict : .unprocessableContent
        return HTTPError(status, message: message)
    }
}

/// Runs blocking work (decoding, probing, waiting for a program) on a
/// Dispatch thread, so the tasks' small pool stays free to answer requests.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

/// Runs blocking work that cannot fail off the tasks' pool.
func offThePool(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            work()
            continuation.resume()
        }
    }
}
