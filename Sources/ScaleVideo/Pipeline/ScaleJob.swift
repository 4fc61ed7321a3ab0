import Dispatch
import Foundation

/// One conversion: probes the input, runs the video and audio lanes on two
/// queues into one muxer, and puts the output in place when it is complete.
/// `cancel()` may be called from any thread.
public final class ScaleJob: @unchecked Sendable {
    public let request: ScaleRequest
    private let gate = LaneGate(lanes: [])

    public init(request: ScaleRequest) {
        self.request = request
    }

    public func cancel() { gate.cancel() }

    /// Runs the conversion on the calling thread and the lanes' queues.
    /// - Parameters:
    ///   - progress: the combined progress, 0 to 1, monotonic; 1 once the file is in place.
    ///   - warning: things worth telling that do not stop the job.
    public func run(
        progress: @escaping @Sendable (JobProgress) -> Void = { _ in },
        warning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ScaleResult {
        let started = Date()
        let container = try validateOutput()
        let source = try SourceInfo(path: request.input, audioTrack: request.audioTrack)
        let writesVideo = source.video != nil && !container.isAudioOnly
        let audioMatters = !writesVideo || request.waveform != nil
        if source.audioStreamIndex == nil {
            if !writesVideo { throw ScaleError.noAudioToWrite(request.output) }
            if let waveform = request.waveform { throw ScaleError.noAudioToWrite(waveform) }
        }
        let destination = try AtomicOutput(finalPath: request.output, input: request.input, overwrite: request.overwrite)
        let picture = try request.waveform.map {
            try AtomicOutput(finalPath: $0, input: request.input, overwrite: request.overwrite)
        }
        let counted = try countAudio(source: source, required: audioMatters, warning: warning)
        guard let whole = source.video?.duration ?? counted.flatMap({ Rational(Int64($0.alignment.count), Int64($0.rate)) })
        else { throw ScaleError.unknownDuration }
        guard let span = request.trim.duration(within: whole) else {
            throw ScaleError.startPastEnd(start: request.trim.start.doubleValue, duration: whole.doubleValue)
        }
        guard let scale = TimeScale(sourceDuration: span, target: request.target) else {
            throw ScaleError.impossibleTarget
        }
        let frameCount = writesVideo ? scale.frameCount(fps: request.fps) : 0
        let audioPlan = try counted.flatMap {
            try plannedAudio($0.alignment, rate: $0.rate, whole: whole, scale: scale, hasVideo: source.video != nil,
                required: audioMatters, warning: warning)
        }
        if gate.isCancelled { throw ScaleError.cancelled }

        let measured: MeasuredOutput
        let carryover: Carryover
        do {
            let output = try OutputFile(path: destination.temporaryPath, formatFrom: request.output)
            let video = try source.video.flatMap { video in
                try writesVideo
                    ? VideoLane(
                        video: video, request: request, scale: scale, frameCount: frameCount, output: output,
                        warn: warning) : nil
            }
            let recorder = audioPlan.flatMap { plan in
                request.waveform.map { _ in
                    WaveformRecorder(
                        sourceCount: plan.alignment.count, scaledCount: plan.length, bars: WaveformPicture.barCount(),
                        noiseFloor: request.noiseFloor)
                }
            }
            let audio = try audioPlan.map {
                try makeAudioLane(
                    source: source, request: request, alignment: $0.alignment, length: $0.length, output: output,
                    waveform: recorder, warn: warning)
            }
            let chapters = container.carriesChapters ? retimedChapters(source: source, scale: scale) : []
            try output.describe(tags: source.tags.carriedFromContainer, chapters: chapters)
            carryover = Carryover(
                source: source, mode: video?.mode, container: container, chapters: chapters.count,
                request: request, audio: audio?.encoding)
            try output.start()
            let lanes: [Lane] = (video == nil ? [] : [.video]) + (audio == nil ? [] : [.audio])
            gate.open(lanes)
            let meter = ProgressMeter(lanes: lanes, outputDuration: scale.targetDuration, handler: progress)
            try runLanes(video: video, audio: audio, meter: meter, warning: warning)
            try output.finish()
            measured = try MeasuredOutput(path: destination.temporaryPath) { gate.isCancelled }
            try Self.verify(measured, frames: frameCount, samples: audioPlan?.length ?? 0, tolerance: 2 * (audio?.frameSize ?? 0))
            if let recorder, let picture {
                let panels = recorder.panels(
                    sourceDuration: span.doubleValue, scaledDuration: scale.targetDuration, factor: scale.factor.doubleValue)
                try PNGWriter.write(WaveformPicture.render(panels, noiseFloor: request.noiseFloor), to: picture.temporaryPath)
            }
            try destination.commit()
            try picture?.commit()
            meter.complete()
        } catch let error as FFmpegError {
            throw ScaleError.failed(error.description)
        }
        return ScaleResult(
            output: request.output, sourceDuration: span.doubleValue, duration: scale.targetDuration,
            fps: request.fps, frames: frameCount, audioSamples: audioPlan?.length ?? 0,
            seconds: Date().timeIntervalSince(started), measured: measured, carryover: carryover)
    }

    /// Runs the lanes on their queues and waits for both.
    private func runLanes(video: VideoLane?, audio: (any AudioLaneRunning)?, meter: ProgressMeter, warning: @escaping @Sendable (String) -> Void) throws {
        let failures = FirstFailure()
        let group = DispatchGroup()
        let runLane: @Sendable (@escaping () throws -> Void) -> Void = { body in
            do { try body() } catch {
                failures.record(error)
                self.gate.cancel()
            }
        }
        if let video {
            DispatchQueue(label: "scale-video.video").async(group: group) {
                runLane { try video.run(gate: self.gate, progress: meter) }
            }
        }
        if let audio {
            DispatchQueue(label: "scale-video.audio").async(group: group) {
                runLane { try audio.run(gate: self.gate, progress: meter) }
            }
        }
        group.wait()
        if let failure = failures.first { throw failure }
    }

    /// The source's chapters on the output's time line, from the start of
    /// the part scaled, cut at D.
    private func retimedChapters(source: SourceInfo, scale: TimeScale) -> [Chapter] {
        guard let end = scale.exactTargetDuration, let from = source.timelineStart.adding(request.trim.start) else { return [] }
        return source.chapters.compactMap { $0.retimed(from: from, by: scale.factor, limit: end) }
    }

    /// Refuses a written file that does not hold what was planned: every
    /// frame, and the audio to the sample; for a compressed codec, to within
    /// its priming and padding (one encoder frame each), which not every
    /// container can mark for removal.
    private static func verify(_ measured: MeasuredOutput, frames: Int, samples: Int, tolerance: Int) throws {
        guard measured.videoFrames == frames else {
            throw ScaleError.failed("the written movie holds \(measured.videoFrames) video frames, not \(frames)")
        }
        guard abs(measured.audioSamples - samples) <= tolerance else {
            throw ScaleError.failed("the written movie holds \(measured.audioSamples) audio samples, not \(samples)")
        }
    }

    private func validateOutput() throws -> OutputContainer {
        guard let container = OutputContainer(path: request.output) else {
            throw ScaleError.unsupportedContainer(request.output)
        }
        guard container.canCarry(request.audioCodec) else {
            throw ScaleError.audioCodecNotInContainer(request.audioCodec, request.output)
        }
        return container
    }

    /// The decode-only count of the audio, lined up with the video (or its
    /// own start without video); nil for none, or when it cannot be decoded
    /// and is not `required`.
    private func countAudio(source: SourceInfo, required: Bool, warning: (String) -> Void) throws
        -> (alignment: AudioAlignment, rate: Int)?
    {
        guard let index = source.audioStreamIndex else { return nil }
        do {
            return try SourceAudioCount.count(
                path: request.input, streamIndex: index, videoStart: source.video?.start, gate: gate)
        } catch let error as FFmpegError {
            if required { throw ScaleError.failed("its audio cannot be decoded (\(error.message))") }
            warning("audio left out: it cannot be decoded (\(error.message))")
            return nil
        }
    }

    /// The source samples the scaler takes (trimmed, and padded with
    /// --pad-audio to the video's end) and the output's sample count; nil
    /// when nothing is left to scale and the audio is not `required`.
    private func plannedAudio(
        _ alignment: AudioAlignment, rate: Int, whole: Rational, scale: TimeScale, hasVideo: Bool, required: Bool,
        warning: (String) -> Void
    ) throws -> (alignment: AudioAlignment, length: Int)? {
        let range = request.trim.samples(rate: rate, duration: whole)
        var planned = alignment.trimmed(from: range.start, to: range.end)
        if request.padAudio && hasVideo {
            planned = planned.padded(to: Int(scale.sourceDuration.ticks(per: Int64(rate))))
        }
        let length = scale.audioLength(count: planned.count)
        guard planned.count > 0, length > 0 else {
            if required { throw ScaleError.failed("its audio holds no samples to scale") }
            warning("audio left out: it holds no samples to scale while the video plays")
            return nil
        }
        return (planned, length)
    }
}

/// The first error of the lanes; a real failure wins over the cancellation
/// it caused in the other lane.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var error: Error?

    func record(_ new: Error) {
        lock.lock()
        defer { lock.unlock() }
        if error == nil || (error as? ScaleError).map({ if case .cancelled = $0 { true } else { false } }) == true {
            error = new
        }
    }

    var first: Error? {
        lock.lock()
        defer { lock.unlock() }
        return error
    }
}
