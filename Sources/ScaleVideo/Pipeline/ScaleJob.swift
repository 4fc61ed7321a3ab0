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
        try validateOutput()
        let source = try SourceInfo(path: request.input, audioTrack: request.audioTrack)
        let destination = try AtomicOutput(finalPath: request.output, input: request.input, overwrite: request.overwrite)
        guard let scale = TimeScale(sourceDuration: source.duration, target: request.target) else {
            throw ScaleError.impossibleTarget
        }
        let frameCount = scale.frameCount(fps: request.fps)
        let audioLength = try audioLength(source: source, scale: scale, warning: warning)
        if gate.isCancelled { throw ScaleError.cancelled }

        let measured: MeasuredOutput
        let carryover: Carryover
        do {
            let output = try OutputFile(path: destination.temporaryPath, formatFrom: request.output)
            let video = try VideoLane(
                source: source, request: request, scale: scale, frameCount: frameCount, output: output)
            let audio = try audioLength.map {
                try AudioLane(source: source, request: request, alignment: $0.alignment, length: $0.length, output: output)
            }
            let chapters = scale.exactTargetDuration.map { end in
                source.chapters.compactMap { $0.retimed(from: source.videoStart, by: scale.factor, limit: end) }
            } ?? []
            try output.describe(tags: source.tags.carriedFromContainer, chapters: chapters)
            carryover = Carryover(
                source: source, mode: video.mode,
                container: OutputContainer(path: request.output), chapters: chapters.count,
                audioTrack: request.audioTrack, hasAudio: audio != nil)
            try output.start()
            let lanes: [Lane] = audio == nil ? [.video] : [.video, .audio]
            gate.open(lanes)
            let meter = ProgressMeter(lanes: lanes, outputDuration: scale.targetDuration, handler: progress)
            let failures = FirstFailure()
            let group = DispatchGroup()
            let runLane: @Sendable (@escaping () throws -> Void) -> Void = { body in
                do { try body() } catch {
                    failures.record(error)
                    self.gate.cancel()
                }
            }
            DispatchQueue(label: "scale-video.video").async(group: group) {
                runLane { try video.run(gate: self.gate, progress: meter, warn: warning) }
            }
            if let audio {
                DispatchQueue(label: "scale-video.audio").async(group: group) {
                    runLane { try audio.run(gate: self.gate, progress: meter, warn: warning) }
                }
            }
            group.wait()
            if let failure = failures.first { throw failure }
            try output.finish()
            measured = try MeasuredOutput(path: destination.temporaryPath) { gate.isCancelled }
            try Self.verify(measured, frames: frameCount, samples: audioLength?.length ?? 0, tolerance: 2 * (audio?.frameSize ?? 0))
            try destination.commit()
            meter.complete()
        } catch let error as FFmpegError {
            throw ScaleError.failed(error.description)
        }
        return ScaleResult(
            output: request.output, sourceDuration: source.duration.doubleValue, duration: scale.targetDuration,
            fps: request.fps, frames: frameCount, audioSamples: audioLength?.length ?? 0,
            seconds: Date().timeIntervalSince(started), measured: measured, carryover: carryover)
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

    private func validateOutput() throws {
        guard let container = OutputContainer(path: request.output) else {
            throw ScaleError.unsupportedContainer(request.output)
        }
        guard container.canCarry(request.audioCodec) else {
            throw ScaleError.audioCodecNotInContainer(request.audioCodec, request.output)
        }
    }

    /// The source samples lined up with the video, and the output's sample
    /// count, of the audio; nil for none.
    private func audioLength(source: SourceInfo, scale: TimeScale, warning: (String) -> Void) throws
        -> (alignment: AudioAlignment, length: Int)?
    {
        guard let index = source.audioStreamIndex else { return nil }
        let alignment: AudioAlignment?
        do {
            alignment = try AudioLane.countSamples(
                path: request.input, streamIndex: index, videoStart: source.videoStart, gate: gate)
        } catch let error as FFmpegError {
            warning("audio left out: it cannot be decoded (\(error.message))")
            return nil
        }
        guard let alignment, alignment.count > 0, scale.audioLength(count: alignment.count) > 0 else {
            warning("audio left out: it holds no samples to scale while the video plays")
            return nil
        }
        return (alignment, scale.audioLength(count: alignment.count))
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
