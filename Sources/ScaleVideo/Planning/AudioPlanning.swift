/// An audio stream of the input a job keeps, and its number among the
/// input's audio tracks (from 1).
struct AudioTrack {
    let number: Int
    let stream: SourceAudio
}

extension JobPlan {
    /// The first audio track, the one --waveform draws; nil without audio.
    public var audio: AudioPlan? { audioTracks.first }

    /// The audio tracks `request` keeps (SPEC §11), in the input's order:
    /// every one, or those it names; one alone where the container holds one
    /// (the first named, or the input's default); none with --no-audio.
    static func audioTracks(of request: ScaleRequest, source: SourceInfo, container: OutputContainer) throws -> [AudioTrack] {
        guard !request.noAudio else { return [] }
        for number in request.audioTracks where !source.audio.indices.contains(number - 1) {
            throw ScaleError.noAudioTrack(number, available: source.audio.count)
        }
        let named = request.audioTracks.isEmpty ? Array(source.audio.indices) : request.audioTracks.map { $0 - 1 }
        let kept =
            container.holdsOneAudioTrack
            ? Array((request.audioTracks.isEmpty ? source.defaultAudio.map { [$0] } ?? named : named).prefix(1))
            : Array(Set(named)).sorted()
        return kept.map { AudioTrack(number: $0 + 1, stream: source.audio[$0]) }
    }

    /// The tracks with the flags they are written with: the source's, and
    /// where none of them was the default, the first made the default.
    static func marked(_ tracks: [AudioPlan]) -> [AudioPlan] {
        guard !tracks.contains(where: \.isDefault) else { return tracks }
        return tracks.enumerated().map { $0.offset == 0 ? $0.element.asDefault : $0.element }
    }

    /// The audio plan of `request` for the `counted` audio of its input,
    /// along `retiming` (AudioCourse): trimmed, padded and cut into the
    /// map's segments. nil when nothing is left to scale and the audio is
    /// not `required`. Along a time map, fails when a segment that is not a
    /// freeze holds no sample.
    static func audio(
        _ counted: CountedAudio, track: AudioTrack, request: ScaleRequest, container: OutputContainer,
        whole: Rational, retiming: Retiming, fps: Rational, hasVideo: Bool, required: Bool,
        warning: (String) -> Void
    ) throws -> AudioPlan? {
        let course: AudioCourse?
        do throws(TimeMapError) {
            course = try retiming.audioCourse(
                of: counted.alignment, rate: counted.rate, whole: whole, padded: request.padAudio && hasVideo,
                following: request.keepPitch ? fps : nil)
        } catch {
            throw ScaleError.failed(error.description)
        }
        guard let course else { throw ScaleError.impossibleTarget }
        let (planned, segments) = (course.alignment, course.segments)
        guard planned.count > 0, segments.length > 0 else {
            if required { throw ScaleError.noAudioSamples }
            warning("audio left out: it holds no samples to scale while the video plays")
            return nil
        }
        let encoding = AudioEncoding(
            codec: request.audioCodec, container: container, source: counted.family, sourceName: counted.familyName)
        let writtenRate = encoding.keptRates.flatMap { rates in
            rates.contains(counted.rate) ? nil : rates.min { abs($0 - counted.rate) < abs($1 - counted.rate) }
        } ?? counted.rate
        let writtenLayout = request.mono ? nil : counted.layout.replacement(for: encoding.encoderName)
        return AudioPlan(
            input: request.input, track: track.number, streamIndex: track.stream.index, tags: container.streamTags(from: track.stream.tags),
            isDefault: track.stream.isDefault, isForced: track.stream.isForced, rate: counted.rate, writtenRate: writtenRate, sourceLayout: counted.layout.name, writtenLayout: writtenLayout, samples: segments.length,
            alignment: planned, available: course.available, segments: segments, encoding: encoding, mono: request.mono,
            keepsPitch: request.keepPitch, curve: request.keepPitch ? nil : retiming.map?.smoothCurve)
    }

    /// The decode-only count of an audio track, lined up with the video (or
    /// its own start without video); nil when it cannot be decoded and the
    /// audio is not `required`.
    static func countAudio(
        _ track: AudioTrack, request: ScaleRequest, source: SourceInfo, gate: LaneGate, required: Bool,
        warning: (String) -> Void
    ) throws -> CountedAudio? {
        do {
            return try SourceAudioCount.count(
                path: request.input, streamIndex: track.stream.index, videoStart: source.video?.start,
                bound: audioBound(of: request, videoDuration: source.video?.duration), isCancelled: { gate.isCancelled })
        } catch let error as FFmpegError {
            if required { throw ScaleError.failed("its audio cannot be decoded (\(error.message))") }
            warning("audio track \(track.number) left out: it cannot be decoded (\(error.message))")
            return nil
        }
    }

    /// Where the part of the audio a job takes ends, in seconds of the time
    /// line, when that is before the video's end (--end, or a time map's last
    /// knot): the count beyond it changes nothing (AudioPlan).
    static func audioBound(of request: ScaleRequest, videoDuration: Rational?) -> Rational? {
        let end: Rational?
        switch request.target {
        case .timeMap(let map): end = map.highestSource
        case .duration, .factor: end = request.trim.end
        case .speeds: end = nil
        }
        guard let end, let videoDuration, end < videoDuration else { return nil }
        return end
    }
}
