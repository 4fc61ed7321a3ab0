import ScaleVideo

/// How one input of a batch ended.
enum Outcome {
    case ok(ScaleResult)
    case failed(String)
    case cancelled

    var status: String {
        switch self {
        case .ok: "ok"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }
}

/// One input, where it was to be written, and how it ended.
struct InputReport {
    let input: String
    let output: String
    let outcome: Outcome

    /// The `--json` result (SPEC §6), with what the file was measured to hold;
    /// as a `--progress json` event when `event` is given.
    func json(event: String? = nil) -> JSONLine {
        var line = JSONLine()
        if let event { line.add("event", event) }
        line.add("input", input)
        line.add("output", output)
        line.add("status", outcome.status)
        switch outcome {
        case .ok(let result):
            line.add("sourceDuration", result.sourceDuration)
            line.add("duration", result.duration)
            line.add("fps", result.fps.doubleValue)
            line.add("frames", result.frames)
            line.add("audioSamples", result.audioSamples)
            line.add("seconds", (result.seconds * 1000).rounded() / 1000)
            var measured = JSONLine()
            measured.add("frames", result.measured.videoFrames)
            measured.add("videoDuration", result.measured.videoDuration)
            measured.add("audioSamples", result.measured.audioSamples)
            measured.add("audioDuration", result.measured.audioDuration)
            line.add("measured", measured)
            line.add("avDriftSeconds", result.measured.avDrift)
            line.add("kept", result.carryover.kept)
            line.add("changed", result.carryover.changed)
            line.add("dropped", result.carryover.dropped)
        case .failed(let reason):
            line.add("error", reason)
        case .cancelled:
            break
        }
        return line
    }
}
