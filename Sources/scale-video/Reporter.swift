import FoundationEssentials
import Glibc
import ScaleVideo

/// How progress is shown on standard error.
enum ProgressStyle: String, CaseIterable {
    /// A live bar on a terminal, plain lines otherwise.
    case auto
    /// A plain line per conversion at most once a second.
    case lines
    /// JSON lines: every line on standard error is a JSON object.
    case json
    /// Nothing but warnings, results and errors.
    case none
}

/// Everything the command tells: `--json` results on standard output, all
/// else on standard error, as text or (with `--progress json`) JSON lines.
/// Called from the conversions' threads; one line at a time.
final class Reporter: Sendable {
    private enum Mode { case bar, lines, json, none }

    private struct Running {
        let input: String
        let started = Date()
        var fraction = 0.0
        var outputSeconds = 0.0
        var lastShown: Date?
        /// Output seconds written so far.
        var made: Double { fraction * outputSeconds }
    }

    /// What the reporter keeps track of as conversions run.
    private struct Board {
        var running: [Int: Running] = [:]
        var ended = 0
        var endedOutputSeconds = 0.0
        var barDrawn = false
        var barShown: Date?
    }

    private let mode: Mode
    private let jsonResults: Bool
    private let total: Int
    private let started = Date()
    private let board = Guarded(Board())

    init(style: ProgressStyle, jsonResults: Bool, total: Int) {
        switch style {
        case .auto: mode = Diagnostics.isInteractive ? .bar : .lines
        case .lines: mode = .lines
        case .json: mode = .json
        case .none: mode = .none
        }
        self.jsonResults = jsonResults
        self.total = total
    }

    func start(_ index: Int, input: String) {
        board.withLock { board in
            board.running[index] = Running(input: input)
            if mode == .json { event("start", input: input) }
        }
    }

    func progress(_ index: Int, _ progress: JobProgress) {
        board.withLock { board in
            guard var job = board.running[index] else { return }
            job.fraction = progress.fraction
            job.outputSeconds = progress.outputDuration
            let now = Date()
            let interval = mode == .json ? 0.25 : 1.0
            let due = job.lastShown.map { now.timeIntervalSince($0) >= interval } ?? true
            if due || progress.fraction >= 1 {
                job.lastShown = now
                showJob(job, now: now)
            }
            board.running[index] = job
            if mode == .bar, board.barShown.map({ now.timeIntervalSince($0) >= 0.1 }) ?? true {
                board.barShown = now
                drawBar(&board, now: now)
            }
        }
    }

    /// A conversion ended: its warnings, its result line, its `--json` line.
    func finish(_ index: Int, _ report: InputReport, warnings: [String]) {
        board.withLock { board in
            board.running[index] = nil
            if case .ok(let result) = report.outcome { board.endedOutputSeconds += result.duration }
            clearBar(&board)
            for warning in warnings { say("\(report.input): warning: \(warning)", event: "warning", input: report.input, message: warning) }
            if mode != .json { Diagnostics.line("scale-video: " + Self.describe(report)) }
            if !jsonResults, mode != .json, case .planned(let plan) = report.outcome {
                for track in plan.tracks { Diagnostics.line("scale-video:   " + Self.describe(track)) }
            }
            if !jsonResults, mode != .json, let carryover = report.outcome.carryover, !carryover.isEmpty {
                Diagnostics.line("scale-video: \(report.input): " + Self.describe(carryover))
            }
            recordEnd(&board, report, warnings: warnings)
            drawBar(&board, now: Date())
        }
    }

    /// An input that was never started because the batch was cancelled.
    func skip(_ report: InputReport) {
        board.withLock { board in recordEnd(&board, report) }
    }

    /// Counts an input as ended and gives its result to machines.
    private func recordEnd(_ board: inout Board, _ report: InputReport, warnings: [String] = []) {
        board.ended += 1
        if mode == .json { Diagnostics.line(report.json(event: "done", warnings: warnings).text) }
        if jsonResults { Diagnostics.write(report.json(warnings: warnings).text + "\n", to: STDOUT_FILENO) }
    }

    /// Which shard of the inputs this process does, before it starts.
    func shard(_ shard: Shard, inputs: Int, listed: Int) {
        board.withLock { board in
            guard mode == .json else {
                Diagnostics.line("scale-video: shard \(shard.number)/\(shard.count): \(inputs) of the \(listed) inputs")
                return
            }
            var line = JSONLine()
            line.add("event", "shard")
            line.add("shard", shard.number)
            line.add("shards", shard.count)
            line.add("inputs", inputs)
            line.add("listed", listed)
            Diagnostics.line(line.text)
        }
    }

    func cancelling() {
        board.withLock { board in
            clearBar(&board)
            say("cancelling (Ctrl-C again stops at once)", event: "cancelling", input: nil, message: nil)
        }
    }

    /// The batch's counts; `planned`: a dry run's, whose successes are plans;
    /// `skipped`: with --skip-existing, the inputs whose outputs were done.
    func summary(ok: Int, skipped: Int?, failed: Int, cancelled: Int, planned: Bool) {
        board.withLock { board in
            switch mode {
            case .json:
                var line = JSONLine()
                line.add("event", "summary")
                line.add(planned ? "planned" : "ok", ok)
                if let skipped { line.add("skipped", skipped) }
                line.add("failed", failed)
                line.add("cancelled", cancelled)
                Diagnostics.line(line.text)
            default:
                let skippedPart = skipped.map { "\($0) skipped, " } ?? ""
                Diagnostics.line(
                    "scale-video: \(ok) \(planned ? "planned" : "ok"), \(skippedPart)\(failed) failed, \(cancelled) cancelled")
            }
        }
    }

    /// "kept …; changed …; dropped …", naming only what is there.
    static func describe(_ carryover: Carryover) -> String {
        [("kept", carryover.kept), ("changed", carryover.changed), ("dropped", carryover.dropped)]
            .filter { !$0.1.isEmpty }
            .map { "\($0.0) \($0.1.joined(separator: ", "))" }
            .joined(separator: "; ")
    }

    /// "#2 audio aac (fra, Commentary): aac, 265226 → 530452 samples at 44100 Hz",
    /// or "…: left out (.mp4 holds none)".
    static func describe(_ track: PlannedTrack) -> String {
        let names = [track.language, track.title].compactMap { $0 }
        return "#\(track.index) \(track.kind) \(track.codec)" + (names.isEmpty ? "" : " (\(names.joined(separator: ", ")))") + ": "
            + (track.written ?? "left out (\(track.dropped ?? ""))")
    }

    static func describe(_ report: InputReport) -> String {
        switch report.outcome {
        case .ok(let result):
            "\(report.input) → \(result.output): "
                + (result.timeMap.map { $0.shape + ", " } ?? "") + motionPart(result.motion)
                + codecNames(video: result.videoCodec, profile: result.proResProfile, audio: result.audioCodec, output: result.output)
                .map { $0 + ", " }.joined()
                + (result.keepsPitch ? "pitch kept, " : "")
                + (result.frames > 0 ? "\(result.frames) frames, " : "\(result.audioSamples) samples, ")
                // Sound alone lasts as long as its samples, which may end before D.
                + "\(ProgressText.seconds(result.frames > 0 ? result.duration : result.measured.audioDuration)) s"
                + (result.frames > 0 ? " at \(result.fps) fps" : "")
                + " in \(ProgressText.seconds(result.seconds)) s"
        case .planned(let plan): "\(report.input) → \(plan.output): " + describe(plan)
        case .skipped(let plan, _):
            "\(report.input) → \(plan.output): skipped, already complete ("
                + (plan.frames > 0 ? "\(plan.writtenFrames) frames, " : "\(plan.audio?.writtenSamples ?? 0) samples, ")
                + "\(ProgressText.seconds(plan.frames > 0 ? plan.writtenDuration : plan.audio?.seconds ?? 0)) s)"
        case .failed(let reason, _): "\(report.input): \(reason)"
        case .cancelled: "\(report.input): cancelled, nothing written"
        }
    }

    /// "motion blend" for a mode other than the default.
    private static func named(_ motion: Motion?) -> String? {
        motion.flatMap { $0 == .nearest ? nil : "motion \($0.rawValue)" }
    }

    /// The codecs chosen beyond the defaults, as lines name them: "hevc" or
    /// "prores hq" for the video, "flac audio" or "opus audio" where the
    /// container does not imply it.
    private static func codecNames(video: VideoCodec?, profile: ProResProfile?, audio: AudioCodec?, output: String) -> [String] {
        let container = OutputContainer(path: output)
        let implied = container?.defaultVideoCodec ?? .h264
        let videoName = video.flatMap { $0 == implied ? nil : ([$0.rawValue] + (profile.map { [$0.rawValue] } ?? [])).joined(separator: " ") }
        let impliedAudio = container == .flac || container == .webm
        let audioName = audio.flatMap { $0 == .flac || $0 == .opus ? ($0.rawValue + " audio") : nil }
        return [videoName, impliedAudio ? nil : audioName].compactMap { $0 }
    }

    /// "motion blend, " in a result line, or nothing.
    private static func motionPart(_ motion: Motion?) -> String {
        named(motion).map { $0 + ", " } ?? ""
    }

    /// A plan in one line: "6 s × 2 = 12 s, 360 frames at 30 fps, 288000 → 576000 audio samples at 48000 Hz (dry run, nothing written)";
    /// along a time map, "knots 0=0,4=4,6=12,10=14 (ramp 4 knots, 14.000 s), …".
    static func describe(_ plan: JobPlan) -> String {
        let scale = plan.scale
        var parts = [
            plan.timeMap.map { "knots \($0) (\($0.summary))" }
                ?? "\(ProgressText.seconds(scale.sourceDuration.doubleValue)) s × \(scale.factor) = \(ProgressText.seconds(plan.targetDuration)) s"
        ]
        if plan.frames > 0 { parts.append("\(plan.frames) frames at \(plan.fps) fps") }
        parts += named(plan.motion).map { [$0] } ?? []
        parts += codecNames(video: plan.videoCodec, profile: plan.proResProfile, audio: plan.audioCodec, output: plan.output)
        if let audio = plan.audio {
            parts.append(
                "\(audio.sourceSamples) → \(audio.samples) audio samples at \(audio.rate) Hz"
                    + (audio.isResampled ? ", resampled to \(audio.writtenSamples) at \(audio.writtenRate) Hz" : ""))
            if audio.keepsPitch { parts.append("pitch kept") }
        }
        return parts.joined(separator: ", ") + " (dry run, \(plan.request.dryRunWrites))"
    }

    private func showJob(_ job: Running, now: Date) {
        let elapsed = now.timeIntervalSince(job.started)
        switch mode {
        case .lines:
            Diagnostics.line("scale-video: \(job.input): "
                + ProgressText.describe(fraction: job.fraction, made: job.made, elapsed: elapsed))
        case .json:
            var line = JSONLine()
            line.add("event", "progress")
            line.add("input", job.input)
            line.add("fraction", (job.fraction * 10000).rounded() / 10000)
            line.add("speed", ProgressText.speed(made: job.made, elapsed: elapsed))
            line.add("etaSeconds", ProgressText.remaining(fraction: job.fraction, elapsed: elapsed))
            Diagnostics.line(line.text)
        case .bar, .none:
            break
        }
    }

    /// The batch as one bar: inputs ended count whole, running ones by their part.
    private func drawBar(_ board: inout Board, now: Date) {
        guard mode == .bar, !board.running.isEmpty else { return }
        let part = board.running.values.reduce(0) { $0 + $1.fraction }
        let fraction = (Double(board.ended) + part) / Double(total)
        let made = board.endedOutputSeconds + board.running.values.reduce(0) { $0 + $1.made }
        var text = ProgressText.bar(fraction) + " "
            + ProgressText.describe(fraction: fraction, made: made, elapsed: now.timeIntervalSince(started))
        if total > 1 { text += "  \(board.ended)/\(total) done" }
        Diagnostics.write("\r\u{1B}[2K" + text)
        board.barDrawn = true
    }

    private func clearBar(_ board: inout Board) {
        guard board.barDrawn else { return }
        Diagnostics.write("\r\u{1B}[2K")
        board.barDrawn = false
    }

    /// A line for people, or the same as a JSON event.
    private func say(_ text: String, event name: String, input: String?, message: String?) {
        guard mode == .json else {
            Diagnostics.line("scale-video: " + text)
            return
        }
        event(name, input: input, message: message)
    }

    private func event(_ name: String, input: String?, message: String? = nil) {
        var line = JSONLine()
        line.add("event", name)
        if let input { line.add("input", input) }
        if let message { line.add("message", message) }
        Diagnostics.line(line.text)
    }

}
