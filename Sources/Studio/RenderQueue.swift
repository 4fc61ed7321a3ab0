import Foundation
import Hummingbird
import ScaleVideo

/// The studio's renders: run by the engine one at a time in the order
/// asked, each observable (progress, time left) and cancellable; the list
/// is saved whenever a render's state changes. A render outlives the page that asked for
/// it; `stop()` cancels what runs when the server ends.
actor RenderQueue {
    private let engine: RenderProcess
    private let file: JobFile
    private var jobs: [RenderJob]
    private var running: (id: String, process: Process)?
    /// The reading of the running engine's progress and result, which ends by noting how it ended.
    private var following: Task<Void, Never>?
    /// Ctrl-C has been sent to the running engine: once only, as a second
    /// would stop it at once, without its result.
    private var interrupted = false
    /// The engine's request of each queued render.
    private var pending: [String: ScaleRequest] = [:]
    /// The folder of the running render's latest picture (`--progress-picture`).
    private let pictures: String
    /// Where renders are written.
    private let outputFolder: String

    init(engine: RenderProcess, outputs: StudioFolder, pictures: String) {
        self.engine = engine
        self.file = JobFile(outputFolder: outputs)
        self.outputFolder = outputs.root
        self.pictures = pictures
        jobs = file.load()
    }

    /// The latest picture of render `id` while it runs: a PNG, or nil before its first frame.
    func picture(_ id: String) throws -> Data? {
        _ = try job(id)
        guard running?.id == id else { return nil }
        return FileManager.default.contents(atPath: picturePath(id))
    }

    private func picturePath(_ id: String) -> String { pictures + "/\(id).png" }

    var list: [RenderJob] { jobs }

    func job(_ id: String) throws -> RenderJob {
        guard let job = jobs.first(where: { $0.id == id }) else { throw HTTPError(.notFound, message: "no render \(id)") }
        return job
    }

    /// Queues a render of `options`, whose name on the command line is
    /// `name`: under that name when the options replace it (refused while a
    /// render queued or under way writes it), else under the next free
    /// name (RenderNames). `request` gives the engine's request for the
    /// output's path and whether it replaces a file there.
    func submit(
        _ options: RenderOptions, named name: String, request: (_ output: String, _ replacing: Bool) throws -> ScaleRequest
    ) throws -> RenderJob {
        let reserved = Set(jobs.filter(\.isOpen).map(\.output))
        let replacing = options.replace == true
        if replacing, reserved.contains(name) {
            throw HTTPError(.conflict, message: "\(name) is already being rendered: it can be replaced once that render ends")
        }
        let output = replacing ? name : RenderNames.free(name) { reserved.contains($0) || RenderNames.exists($0, in: outputFolder) }
        let job = RenderJob(
            id: UUID().uuidString.lowercased(), options: options, output: output, state: .queued, progress: 0, asked: RenderJob.now())
        pending[job.id] = try request(outputFolder + "/" + output, replacing)
        jobs.append(job)
        file.save(jobs)
        startNext()
        return job
    }

    /// Cancels a queued or running render; an ended one is left as it is.
    func cancel(_ id: String) throws -> RenderJob {
        let job = try job(id)
        if let running, running.id == id {
            interrupt(running.process)
        } else if job.state == .queued {
            update(id) { ($0.state, $0.error) = (.cancelled, nil) }
            pending[id] = nil
        }
        return try self.job(id)
    }

    /// Cancels every render, waiting for the running one to clean up and
    /// for its end to be noted in the list.
    func stop() async {
        for job in jobs where job.state == .queued { update(job.id) { $0.state = .cancelled } }
        pending.removeAll()
        guard let running else { return }
        interrupt(running.process)
        await following?.value
    }

    private func startNext() {
        guard running == nil, let next = jobs.first(where: { $0.state == .queued }), var request = pending[next.id] else { return }
        pending[next.id] = nil
        request.progressPicture = picturePath(next.id)
        do {
            let started = try engine.start(request, ["--json", "--progress", "json"])
            running = (next.id, started.process)
            interrupted = false
            update(next.id) { $0.state = .running }
            following = Task { await self.follow(next.id, started) }
        } catch {
            update(next.id) { ($0.state, $0.error) = (.failed, "cannot start the engine: \(error)") }
            startNext()
        }
    }

    /// Reads the engine's progress lines, then its result, as it runs.
    private func follow(_ id: String, _ run: RenderProcess.Running) async {
        let stdout = Task.detached { await RenderProcess.readAll(run.stdout) }
        var lastMessage: String?
        for await line in ProgressLines(run.stderr) {
            guard let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if event["event"] as? String == "progress", let fraction = event["fraction"] as? Double {
                update(id, saving: false) { ($0.progress, $0.etaSeconds) = (min(fraction * 100, 100), event["etaSeconds"] as? Double) }
            }
            if let message = event["message"] as? String { lastMessage = message }
        }
        let result = await stdout.value
        await RenderProcess.waitForExit(run.process)
        let signalled = run.process.terminationReason == .uncaughtSignal
        finish(id, status: signalled ? 128 + run.process.terminationStatus : run.process.terminationStatus,
               result: String(decoding: result, as: UTF8.self), message: lastMessage)
    }

    /// Sends the running engine Ctrl-C, once, while it runs. One that comes
    /// before the engine has set up its handling is held (the engine starts
    /// with the signal blocked, as this server's threads have it) until it has.
    private func interrupt(_ process: Process) {
        guard !interrupted, process.isRunning else { return }
        interrupted = true
        process.interrupt()
    }

    private func finish(_ id: String, status: Int32, result: String, message: String?) {
        let object = JSONValue(text: result.trimmingCharacters(in: .whitespacesAndNewlines))
        update(id) { job in
            job.result = object
            switch (status, object?[string: "status"]) {
            case (0, _): (job.state, job.progress) = (.done, 100)
            case (_, "cancelled"), (130, _): job.state = .cancelled
            default: (job.state, job.error) = (.failed, object?[string: "error"] ?? message ?? "the engine failed (exit \(status))")
            }
        }
        running = nil
        startNext()
    }

    /// Changes a job, and saves the list unless only its progress moved.
    /// A job that ends (leaves queued or running) is stamped with when.
    private func update(_ id: String, saving: Bool = true, _ change: (inout RenderJob) -> Void) {
        guard let index = jobs.firstIndex(where: { $0.id == id }) else { return }
        let wasOpen = jobs[index].isOpen
        change(&jobs[index])
        if wasOpen && !jobs[index].isOpen { jobs[index].ended = RenderJob.now() }
        if saving { file.save(jobs) }
    }
}
