import Foundation

/// A render the page asked for, as the job list shows it and keeps it
/// across reloads and restarts.
struct RenderJob: Codable, Sendable {
    enum State: String, Codable, Sendable {
        case queued, running, done, failed, cancelled
    }

    let id: String
    let options: RenderOptions
    /// The output's name in the output folder.
    let output: String
    var state: State
    /// 0–100.
    var progress: Double
    var etaSeconds: Double?
    /// Why it failed.
    var error: String?
    /// The engine's `--json` result, once it ended.
    var result: JSONValue?
    /// When it was asked for, and when it ended (ISO 8601, UTC); nil in a
    /// list kept before renders were timed.
    var asked: String?
    var ended: String?

    var isOpen: Bool { state == .queued || state == .running }

    /// This moment as `asked` and `ended` give it.
    static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}

/// The job list on disk: `.studio-jobs.json` in the output folder, written
/// whole under a temporary name and then put in place.
struct JobFile: Sendable {
    let path: String

    init(outputFolder: StudioFolder) { path = outputFolder.root + "/.studio-jobs.json" }

    /// The jobs kept; a job that was under way when the server stopped was cancelled then.
    func load() -> [RenderJob] {
        guard let data = FileManager.default.contents(atPath: path),
            let jobs = try? JSONDecoder().decode([RenderJob].self, from: data)
        else { return [] }
        return jobs.map { job in
            var job = job
            if job.isOpen { (job.state, job.error, job.ended) = (.cancelled, "the studio stopped before it ended", job.ended ?? job.asked) }
            return job
        }
    }

    func save(_ jobs: [RenderJob]) {
        guard let data = try? JSONEncoder().encode(jobs) else { return }
        let temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }
}
