import Foundation

/// What a finished process left behind.
struct ProcessOutput {
    let status: Int32
    /// False when a signal ended it.
    let exited: Bool
    /// True when it had to be stopped for running too long.
    let timedOut: Bool
    let stdout: Data
    let stderr: String
    var text: String { String(decoding: stdout, as: UTF8.self) }
    var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

/// A program started in the background, both pipes read while it runs so
/// a large output cannot deadlock it.
final class RunningProcess: @unchecked Sendable {
    let process = Process()
    private let group = DispatchGroup()
    private var outputData = Data()
    private var errorData = Data()

    init(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws {
        process.executableURL =
            executable.hasPrefix("/") ? URL(fileURLWithPath: executable) : URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        DispatchQueue.global().async(group: group) { self.errorData = err.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { self.outputData = out.fileHandleForReading.readDataToEndOfFile() }
    }

    func interrupt() { process.interrupt() }

    /// Waits for the end; after `timeout` seconds the process is killed.
    func wait(timeout: TimeInterval = 300) -> ProcessOutput {
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        group.wait()
        process.waitUntilExit()
        return ProcessOutput(
            status: process.terminationStatus, exited: process.terminationReason == .exit, timedOut: timedOut,
            stdout: outputData, stderr: String(decoding: errorData, as: UTF8.self))
    }
}

enum Tool {
    /// The built `scale-video`, with its studio and flow library beside it:
    /// in the folder `SCALE_VIDEO_PROGRAMS` names (scripts/test.sh names the
    /// release build, as scripts/install.sh builds it), else beside the test bundle.
    static var scaleVideo: URL {
        let folder = ProcessInfo.processInfo.environment["SCALE_VIDEO_PROGRAMS"].map { URL(fileURLWithPath: $0) }
        return (folder ?? testPrograms).appendingPathComponent("scale-video")
    }

    /// The folder of the test bundle, where the debug build's tools are
    /// (the manual page's generator, the library's example).
    static var testPrograms: URL { Bundle.main.bundleURL }

    /// Runs a program to the end.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil, timeout: TimeInterval = 300) throws
        -> ProcessOutput
    {
        try RunningProcess(executable, arguments, in: folder).wait(timeout: timeout)
    }

    /// Runs the built `scale-video` to the end.
    static func scale(_ arguments: [String], in folder: URL? = nil, timeout: TimeInterval = 300) throws -> ProcessOutput {
        try run(scaleVideo.path, arguments, in: folder, timeout: timeout)
    }

    /// The files in a folder, sorted.
    static func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Runs ffmpeg quietly; throws with its message when it fails.
    @discardableResult
    static func ffmpeg(_ arguments: [String]) throws -> Data {
        let result = try run("ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments)
        guard result.status == 0 else { throw ToolError("ffmpeg \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.stdout
    }

    /// One ffprobe entry of one stream, e.g. `stream(file, "v:0", "nb_read_frames")`.
    static func probe(_ file: URL, stream: String, _ entry: String, countFrames: Bool = false) throws -> String {
        let result = try run(
            "ffprobe",
            ["-v", "error", "-select_streams", stream] + (countFrames ? ["-count_frames"] : [])
                + ["-show_entries", "stream=\(entry)", "-of", "default=noprint_wrappers=1:nokey=1", file.path])
        guard result.status == 0 else { throw ToolError("ffprobe: \(result.stderr)") }
        // MPEG-TS lists each stream twice: in its program and on its own.
        let lines = result.text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n", omittingEmptySubsequences: false)
        let half = lines.count / 2
        let unique = lines.count % 2 == 0 && lines[..<half] == lines[half...] ? Array(lines[..<half]) : lines
        return unique.joined(separator: "\n")
    }

    /// One tag of one stream, e.g. `tag(file, "a:0", "language")`.
    static func tag(_ file: URL, stream: String, _ key: String) throws -> String {
        try probe(file, stream: stream, "index:stream_tags=\(key)").split(separator: "\n").dropFirst().joined()
    }
}

struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh folder for one test, removed when the test ends.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scale-video-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
