import Foundation
import Testing

/// `scale-video studio` started for a test on a free port, and spoken to
/// with curl: its address and token read from the one line it prints.
final class StudioServer: @unchecked Sendable {
    let process: Process
    let base: String
    let token: String
    let port: String

    /// - Parameters:
    ///   - program: the `scale-video` whose studio is started.
    ///   - environment: variables set for it, beside the test's own.
    init(folder: URL, arguments: [String] = [], program: URL = Tool.scaleVideo, environment: [String: String] = [:]) throws {
        let log = folder.deletingLastPathComponent().appendingPathComponent("studio-\(UUID().uuidString).out")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        self.process = process
        process.executableURL = program
        process.arguments = ["studio", folder.path, "--port", "0"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = ""
        Wait.until(seconds: 30) {
            line = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return line.hasSuffix("\n") || !process.isRunning
        }
        let address = try #require(line.split(separator: "\n").first.map(String.init), "the studio printed no address")
        let parts = address.components(separatedBy: "/?token=")
        try #require(parts.count == 2, "\(address)")
        (base, token) = (parts[0], parts[1])
        port = String(base.split(separator: ":").last ?? "")
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// Ctrl-C, then its exit status.
    func stop() -> Int32 {
        process.interrupt()
        Wait.until(seconds: 60) { !process.isRunning }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A response: its status, headers and body.
    struct Reply {
        let status: Int
        let headers: String
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: Any? { try? JSONSerialization.jsonObject(with: body) }
        var message: String? { ((json as? [String: Any])?["error"] as? [String: Any])?["message"] as? String }
    }

    /// Asks for `path` with the token's cookie (unless `token` says otherwise).
    func ask(
        _ path: String, method: String = "GET", token: String? = nil, host: String? = nil, json: String? = nil, upload: URL? = nil,
        headers: [String] = []
    ) throws -> Reply {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("studio-reply-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        var arguments = ["-s", "-S", "-X", method, "-D", work.path + ".h", "-o", work.path + ".b", "-w", "%{http_code}"]
        arguments += ["-H", "Cookie: studio-token-\(port)=\(token ?? self.token)"]
        if let host { arguments += ["-H", "Host: \(host)"] }
        if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
        if let upload { arguments += ["--data-binary", "@" + upload.path] }
        for header in headers { arguments += ["-H", header] }
        let result = try Tool.run("curl", arguments + ["--path-as-is", base + path])
        defer {
            try? FileManager.default.removeItem(atPath: work.path + ".h")
            try? FileManager.default.removeItem(atPath: work.path + ".b")
        }
        return Reply(
            status: Int(result.text) ?? 0, headers: (try? String(contentsOfFile: work.path + ".h", encoding: .utf8)) ?? "",
            body: FileManager.default.contents(atPath: work.path + ".b") ?? Data())
    }

    /// Polls a render until it has ended; its last state.
    func waitForRender(_ id: String, seconds: TimeInterval = 120) throws -> [String: Any] {
        var job: [String: Any] = [:]
        Wait.until(seconds: seconds) {
            job = ((try? ask("/api/renders/\(id)"))?.json as? [String: Any]) ?? [:]
            return !["queued", "running"].contains(job["state"] as? String ?? "queued")
        }
        return job
    }
}
