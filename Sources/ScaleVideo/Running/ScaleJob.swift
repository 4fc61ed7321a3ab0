import FoundationEssentials
import Glibc

/// One conversion: first a plan (the input probed, its audio counted,
/// nothing written), then its execution: its lanes (the video's, each
/// audio track's and each subtitle track's), each on a thread of its own,
/// into one muxer, and the output put in place when it is complete.
/// `cancel()` may be called from any thread.
public final class ScaleJob: Sendable {
    /// What this job converts.
    public let request: ScaleRequest
    /// Where cancelling is asked and heard.
    let gate = LaneGate()
    /// The cuts --motion flow finds as it renders.
    let sceneCuts = SceneCuts()

    /// A job for `request`; nothing is read or written until `plan(…)` or `run(…)`.
    public init(request: ScaleRequest) {
        self.request = request
    }

    /// Stops the job, from any thread: a `plan(…)` or `run(…)` under way or
    /// still to come throws `ScaleError.cancelled`, and the temporary output
    /// is removed, so nothing is left behind. A finished job keeps its output.
    public func cancel() { gate.cancel() }

    /// What the conversion will do; reads the input and writes nothing.
    /// - Parameters:
    ///   - folderToBeMade: the output's folder does not exist yet and will
    ///     be made before the job runs.
    ///   - warning: things worth telling that do not stop the job.
    public func plan(folderToBeMade: Bool = false, warning: (String) -> Void = { _ in }) throws -> JobPlan {
        // What cannot be done of any input is refused before one is read.
        if let problem = request.usageProblem() { throw ScaleError.usage(problem) }
        let plan = try JobPlan(request: request, gate: gate, folderToBeMade: folderToBeMade, warning: warning)
        if gate.isCancelled { throw ScaleError.cancelled }
        return plan
    }

    /// Plans the conversion and runs it, on the calling thread and the lanes' threads.
    /// - Parameters:
    ///   - progress: the combined progress, 0 to 1, monotonic; 1 once the file is in place.
    ///   - warning: things worth telling that do not stop the job.
    public func run(
        progress: @escaping @Sendable (JobProgress) -> Void = { _ in },
        warning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ScaleResult {
        let started = Date()
        return try run(plan(warning: warning), startedAt: started, progress: progress, warning: warning)
    }

    /// Runs `plan`, made by this job's `plan(…)`, on the calling thread and the lanes' threads.
    /// - Parameters:
    ///   - started: when the conversion began, for the result's `seconds`.
    ///   - progress: the combined progress, 0 to 1, monotonic; 1 once the file is in place.
    ///   - warning: things worth telling that do not stop the job.
    public func run(
        _ plan: JobPlan, startedAt started: Date = Date(),
        progress: @escaping @Sendable (JobProgress) -> Void = { _ in },
        warning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ScaleResult {
        if let part = request.part { return try writePart(part, of: plan, startedAt: started, progress: progress, warning: warning) }
        let measured = try execute(plan, progress: progress, warning: warning)
        var result = result(of: plan, measured: measured, startedAt: started)
        result.cuts = cutsFound(by: plan)
        return result
    }

    /// The cuts --motion flow found rendering `plan` (a render's or a
    /// part's; a join renders no picture): nil unless flow made its pictures.
    func cutsFound(by plan: JobPlan) -> Int? { plan.motion == .flow ? sceneCuts.count : nil }

    /// The result of `plan` written, as `measured`.
    func result(of plan: JobPlan, measured: MeasuredOutput, startedAt started: Date) -> ScaleResult {
        ScaleResult(
            output: request.output, sourceDuration: plan.scale.sourceDuration.doubleValue, duration: plan.targetDuration,
            timeMap: plan.timeMap, fps: plan.fps, frames: plan.frames, motion: plan.motion, videoCodec: plan.videoCodec,
            proResProfile: plan.proResProfile, audioCodec: plan.audioCodec,
            audioTracks: plan.audioTracks, keepsPitch: plan.audio?.keepsPitch ?? false,
            seconds: Date().timeIntervalSince(started), measured: measured, carryover: plan.carryover)
    }

    /// Draws `plan`'s time map into the --plot-map file, in place at once:
    /// what a dry run writes (SPEC §13: it is all a dry run writes).
    public func writeMapPicture(of plan: JobPlan) throws {
        guard let path = request.plotMap else { return }
        let picture = try AtomicOutput(finalPath: path, input: request.input, overwrite: request.overwrite)
        do {
            try picture.write(PNGWriter.encode(plan.mapPicture()))
            try picture.commit()
        } catch let error as FFmpegError {
            throw ScaleError.failed(error.description)
        }
    }

    /// The file already at the output path, read back, when it is `plan`'s
    /// output complete: it holds every planned frame and the planned audio
    /// to the sample, as a new output must before it is put in place, and
    /// the waveform asked for is there too. nil when there is no file or it
    /// holds something else (or a picture asked for is missing). Beside a complete output, temporary files that
    /// a killed run left are removed.
    public func completedOutput(of plan: JobPlan) throws -> MeasuredOutput? {
        if request.sideFiles.contains(where: { !FileManager.default.fileExists(atPath: $0) }) { return nil }
        if request.part != nil, (try? PartManifest.read(request.output))?.digest != digest(of: plan) { return nil }
        let measured: MeasuredOutput
        do {
            measured = try readBack(request.output, holding: plan)
        } catch ScaleError.cancelled {
            throw ScaleError.cancelled
        } catch {
            return nil
        }
        for path in [request.output] + request.sideFiles { AtomicOutput.removeStale(of: path) }
        return measured
    }

    /// The file at `path` read back, refused unless it holds what `plan`
    /// says: every frame, and the audio to the sample (SPEC §12).
    private func readBack(_ path: String, holding plan: JobPlan) throws -> MeasuredOutput {
        try checked(OutputReadBack(path: path) { gate.isCancelled }.measured, holding: plan)
    }

    /// `measured`, refused unless it holds what `plan` says (a part: its
    /// frames, and no sound).
    private func checked(_ measured: MeasuredOutput, holding plan: JobPlan) throws -> MeasuredOutput {
        try measured.check(frames: plan.writtenFrames, in: "movie")
        let planned = request.part == nil ? plan.audioTracks.map(\.writtenSamples) : []
        let written = measured.audioTracks.map(\.samples)
        guard written == planned else {
            guard written.count == planned.count else {
                throw ScaleError.failed("the written movie holds \(written.count) audio tracks, not \(planned.count)")
            }
            let track = zip(written, planned).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
            let name = planned.count > 1 ? "its audio track \(track + 1) holds" : "the written movie holds"
            throw ScaleError.failed("\(name) \(written[track]) audio samples, not \(planned[track])")
        }
        return measured
    }

    /// Writes what `plan` says into a temporary file, measures it, and puts
    /// it (and the waveform) in place. On standard output the movie is
    /// written as it is made, and measured by what its lanes wrote. With
    /// `parts` (a join), the video is copied from them.
    func execute(
        _ plan: JobPlan, parts: [(path: String, first: Int)]? = nil, progress: @escaping @Sendable (JobProgress) -> Void,
        warning: @escaping @Sendable (String) -> Void
    ) throws -> MeasuredOutput {
        defer { if let live = request.progressPicture { unlink(live) } }
        let destination =
            try request.writesToStandardOutput
            ? nil : AtomicOutput(finalPath: request.output, input: request.input, overwrite: request.overwrite)
        let picture = try request.waveform.map {
            try AtomicOutput(finalPath: $0, input: request.input, overwrite: request.overwrite)
        }
        let mapPicture = try request.plotMap.map {
            try AtomicOutput(finalPath: $0, input: request.input, overwrite: request.overwrite)
        }
        let stillFile = try request.still.map {
            try AtomicOutput(finalPath: $0.path, input: request.input, overwrite: request.overwrite)
        }
        let still = request.still.flatMap { $0.frame(fps: plan.fps) }.map(StillCapture.init)
        let recorder = plan.audio.flatMap { audio in
            request.waveform.map { _ in
                WaveformRecorder(
                    sourceCount: audio.sourceSamples, scaledCount: audio.samples, bars: WaveformPicture.barCount(),
                    noiseFloor: request.noiseFloor)
            }
        }
        do {
            let live = request.progressPicture.map { LivePicture(path: $0, input: request.input) }
            // The muxer is let go with the lanes, before the read-back.
            let (meter, written) = try write(
                .whole(parts: parts, still: still, live: live, waveform: recorder), video: plan.video, of: plan,
                into: try destination.map { try OutputFile(path: $0.temporaryPath, formatFrom: request.output) }
                    ?? OutputFile(standardOutputAs: plan.container.rawValue),
                progress: progress, warning: warning)
            let measured = try destination.map { try readBack($0.temporaryPath, holding: plan) } ?? checked(written, holding: plan)
            if let recorder, let picture {
                let scale = plan.scale
                let retiming =
                    plan.timeMap.map { "along \($0.knots.count) knots" } ?? String(printf: "\u{00D7}%g", scale.factor.doubleValue)
                let panels = recorder.panels(
                    sourceDuration: scale.sourceDuration.doubleValue, scaledDuration: plan.targetDuration, retiming: retiming)
                try picture.write(PNGWriter.encode(WaveformPicture.render(panels, noiseFloor: request.noiseFloor)))
            }
            try mapPicture?.write(PNGWriter.encode(plan.mapPicture()))
            if let stillFile {
                guard let image = still?.image else { throw ScaleError.failed("--still: its output frame was never made") }
                try stillFile.write(PNGWriter.encode(image))
            }
            try destination?.commit()
            try picture?.commit()
            try mapPicture?.commit()
            try stillFile?.commit()
            meter.complete()
            return measured
        } catch let error as FFmpegError {
            throw ScaleError.failed(error.description)
        }
    }
}
