import ScaleVideo

/// How one input of a batch ended.
enum Outcome {
    case ok(ScaleResult)
    /// A dry run's plan.
    case planned(JobPlan)
    /// Its output was already there, complete (--skip-existing): the plan,
    /// and what the file was measured to hold.
    case skipped(JobPlan, MeasuredOutput)
    /// Why, in words, and what sort of failure it is.
    case failed(String, ScaleError.Kind)
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
            if let map = result.timeMap { ResultJSON.add(map, to: &line) }
            line.add("fps", result.fps.doubleValue)
            line.add("frames", result.frames)
            if let part = result.part {
                var written = JSONLine()
                written.add("part", part.part)
                written.add("parts", part.parts)
                written.add("firstFrame", part.first)
                written.add("endFrame", part.end)
                written.add("totalFrames", part.frames)
                line.add("part", written)
            }
            line.add("motion", result.motion?.rawValue)
            if let cuts = result.cuts { line.add("cuts", cuts) }
            line.add("videoCodec", result.videoCodec?.rawValue)
            if let profile = result.proResProfile { line.add("proresProfile", profile.rawValue) }
            line.add("audioSamples", result.audioSamples)
            line.add("audioCodec", result.audioCodec?.rawValue)
            if result.keepsPitch { line.add("pitch", "kept") }
            line.add("seconds", (result.seconds * 1000).rounded() / 1000)
            line.add("measured", ResultJSON.measured(result.measured))
            line.add("avDriftSeconds", result.measured.avDrift)
            line.add("audioTracks", ResultJSON.audioTracks(result.audioTracks, measured: result.measured))
            line.add("kept", result.carryover.kept)
            line.add("changed", result.carryover.changed)
            line.add("dropped", result.carryover.dropped)
        case .planned(let plan):
            line.add(contentsOf: ResultJSON.plan(plan))
        case .skipped(let plan, let measured):
            line.add("frames", plan.writtenFrames)
            line.add("audioSamples", plan.request.part == nil ? plan.audio?.writtenSamples ?? 0 : 0)
            line.add("measured", ResultJSON.measured(measured))
        case .failed(let reason, let kind):
            line.add("error", reason)
            line.add("kind", kind.rawValue)
        case .cancelled:
            break
        }
        return line
    }
}

extension TimeMap {
    /// The map and its duration: `ramp 4 knots, 12.000 s`.
    var summary: String { shape + ", " + String(printf: "%.3f s", duration.doubleValue) }
}
