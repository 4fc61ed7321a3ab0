import Timing

/// The objects `--json` is made of (SPEC §6): a dry run's plan, each audio
/// track, and what a written file was measured to hold; the command line
/// prints them, and the studio gives its plans as they are.
public enum ResultJSON {
    /// A dry run's plan, as `--json` gives it after the input, output and
    /// status: what the run would write.
    public static func plan(_ plan: JobPlan) -> JSONLine {
        var line = JSONLine()
        line.add("container", plan.container.rawValue)
        line.add("sourceDuration", plan.scale.sourceDuration.doubleValue)
        line.add("duration", plan.targetDuration)
        if let map = plan.timeMap {
            add(map, to: &line)
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
        line.add("audioTracks", audioTracks(plan.audioTracks, measured: nil))
        line.add("tracks", plan.tracks.map(track))
        line.add("kept", plan.carryover.kept)
        line.add("changed", plan.carryover.changed)
        line.add("dropped", plan.carryover.dropped)
        return line
    }

    /// A time map's fields: its knots in seconds and how it runs between them.
    public static func add(_ map: TimeMap, to line: inout JSONLine) {
        line.add("timeMap", map.seconds)
        line.add("curve", map.curve.rawValue)
    }

    /// Each audio track: its number in the input, rate and language, the
    /// samples it takes and writes (where it is resampled, the source's
    /// rate and the samples scaled at it too); once written, what was read
    /// back and its drift from the video.
    public static func audioTracks(_ tracks: [AudioPlan], measured: MeasuredOutput?) -> [JSONLine] {
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
    private static func track(_ track: PlannedTrack) -> JSONLine {
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
    public static func measured(_ measured: MeasuredOutput) -> JSONLine {
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
    public var seconds: [[Double]] { knots.map { [$0.source.doubleValue, $0.output.doubleValue] } }
}
