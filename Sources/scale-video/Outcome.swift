import ScaleVideo

/// How one input of a batch ended.
enum Outcome {
    case ok(ScaleResult)
    /// A dry run's plan.
    case planned(JobPlan)
    /// Its output was already there, complete (--skip-existing): the plan,
    /// and what the file was measured to hold.
    case skipped(JobPlan, MeasuredOutput)
    case failed(String)
    case cancelled

    var status: String {
        switch self {
        case .ok: "ok"
        case .planned: "planned"
        case .skipped: "skipped"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }

    /// What the output keeps, changes and drops, once that is known.
    var carryover: Carryover? {
        switch self {
        case .ok(let result): result.carryover
        case .planned(let plan): plan.carryover
        case .skipped, .failed, .cancelled: nil
        }
    }

    /// Converted, or in a dry run planned, or already done.
    var succeeded: Bool {
        switch self {
        case .ok, .planned, .skipped: true
        case .failed, .cancelled: false
        }
    }
}

/// One input, where it was to be written, and how it ended.
struct InputReport {
    let input: String
    let output: String
    let outcome: Outcome

    /// The `--json` result (SPEC §6), with what the file was measured to hold;
    /// as a `--progress json` event when `event` is given; with the warnings
    /// the conversion gave, where it gave any.
    func json(event: String? = nil, warnings: [String] = []) -> JSONLine {
        var line = JSONLine()
        if let event { line.add("event", event) }
        line.add("input", input)
        line.add("output", output)
        line.add("status", outcome.status)
        if !warnings.isEmpty { line.add("warnings", warnings) }
        switch outcome {
        case .ok(let result):
            line.add("sourceDuration", result.sourceDuration)
            line.add("duration", result.duration)
            if let map = result.timeMap {
                line.add("timeMap", map.seconds)
                line.add("curve", map.curve.rawValue)
            }
            line.add("fps", result.fps.doubleValue)
            line.add("frames", result.frames)
            line.add("motion", result.motion?.rawValue)
            line.add("videoCodec", result.videoCodec?.rawValue)
            if let profile = result.proResProfile { line.add("proresProfile", profile.rawValue) }
            line.add("audioSamples", result.audioSamples)
            line.add("audioCodec", result.audioCodec?.rawValue)
            if result.keepsPitch { line.add("pitch", "kept") }
            line.add("seconds", (result.seconds * 1000).rounded() / 1000)
            line.add("measured", Self.json(result.measured))
            line.add("avDriftSeconds", result.measured.avDrift)
            line.add("audioTracks", Self.json(result.audioTracks, measured: result.measured))
            line.add("kept", result.carryover.kept)
            line.add("changed", result.carryover.changed)
            line.add("dropped", result.carryover.dropped)
        case .planned(let plan):
            Self.add(plan, to: &line)
        case .skipped(let plan, let measured):
            line.add("frames", plan.frames)
            line.add("audioSamples", plan.audio?.writtenSamples ?? 0)
            line.add("measured", Self.json(measured))
        case .failed(let reason):
            line.add("error", reason)
        case .cancelled:
            break
        }
        return line
    }

    /// A dry run's plan, as `--json` gives it: what the run would write.
    private static func add(_ plan: JobPlan, to line: inout JSONLine) {
        line.add("container", plan.container.rawValue)
        line.add("sourceDuration", plan.scale.sourceDuration.doubleValue)
        line.add("duration", plan.targetDuration)
        if let map = plan.timeMap {
            line.add("timeMap", map.seconds)
            line.add("curve", map.curve.rawValue)
        } else {
            line.add("factor", plan.scale.factor.doubleValue)
        }
        line.add("fps", plan.fps.doubleValue)
        line.add("frames", plan.frames)
        line.add("motion", plan.motion?.rawValue)
        line.add("videoCodec", plan.videoCodec?.rawValue)
        if let profile = plan.proResProfile { line.add("proresProfile", profile.rawValue) }
        line.add("audioSamples", plan.audio?.writtenSamples ?? 0)
        line.add("audioCodec", plan.audioCodec?.rawValue)
        line.add("sourceAudioSamples", plan.audio?.sourceSamples ?? 0)
        line.add("sampleRate", plan.audio?.writtenRate)
        if plan.audio?.keepsPitch == true { line.add("pitch", "kept") }
        line.add("audioTracks", Self.json(plan.audioTracks, measured: nil))
        line.add("tracks", plan.tracks.map(Self.json))
        line.add("kept", plan.carryover.kept)
        line.add("changed", plan.carryover.changed)
        line.add("dropped", plan.carryover.dropped)
    }

    /// Each audio track: its number in the input, rate and language, the
    /// samples it takes and writes (where it is resampled, the source's
    /// rate and the samples scaled at it too); once written, what was read
    /// back and its drift from the video.
    private static func json(_ tracks: [AudioPlan], measured: MeasuredOutput?) -> [JSONLine] {
        tracks.enumerated().map { position, track in
            var line = JSONLine()
            line.add("track", track.track)
            line.add("language", track.language)
            line.add("sampleRate", track.writtenRate)
            line.add("sourceSamples", track.sourceSamples)
            line.add("samples", track.writtenSamples)
            if track.isResampled {
                line.add("sourceSampleRate", track.rate)
                line.add("scaledSamples", track.samples)
            }
            if let measured, measured.audioTracks.indices.contains(position) {
                let audio = measured.audioTracks[position]
                line.add("measuredSamples", audio.samples)
                line.add("driftSeconds", measured.videoFrames > 0 ? audio.duration - measured.videoDuration : nil)
            }
            return line
        }
    }

    /// A stream of the input and what the output makes of it.
    private static func json(_ track: PlannedTrack) -> JSONLine {
        var line = JSONLine()
        line.add("index", track.index)
        line.add("kind", track.kind)
        line.add("codec", track.codec)
        line.add("language", track.language)
        line.add("title", track.title)
        line.add("written", track.written)
        line.add("dropped", track.dropped)
        return line
    }

    /// What a file was measured to hold, as `--json` gives it.
    private static func json(_ measured: MeasuredOutput) -> JSONLine {
        var line = JSONLine()
        line.add("frames", measured.videoFrames)
        line.add("videoDuration", measured.videoDuration)
        line.add("audioSamples", measured.audioSamples)
        line.add("audioDuration", measured.audioDuration)
        return line
    }
}

extension TimeMap {
    /// The knots as `[s, d]` pairs in seconds, as `--json` gives them.
    var seconds: [[Double]] { knots.map { [$0.source.doubleValue, $0.output.doubleValue] } }

    /// The map and its duration: `ramp 4 knots, 12.000 s`.
    var summary: String { shape + ", " + String(printf: "%.3f s", duration.doubleValue) }
}
