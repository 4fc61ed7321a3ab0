/// What a dry run makes for a look before rendering (SPEC §15): the still
/// frame at a time and the short preview around one, each reading only the
/// video its frames need.
extension ScaleJob {
    /// Makes the --still picture of `plan` and puts it in place at once,
    /// reading only the video its frame needs and encoding nothing: what a
    /// dry run writes beside the map (the picture is the one the render
    /// makes there).
    public func writeStill(of plan: JobPlan) throws {
        guard let still = request.still else { return }
        let file = try AtomicOutput(finalPath: still.path, input: request.input, overwrite: request.overwrite)
        do {
            try file.write(PNGWriter.encode(picture(of: plan)))
            try file.commit()
        } catch let error as FFmpegError {
            throw ScaleError.failed(error.description)
        }
    }

    /// The picture `plan`'s output shows at the --still time, as the render
    /// makes it before it is encoded; only the video it needs is read.
    public func picture(of plan: JobPlan) throws -> RGBImage {
        guard let video = plan.video, let frame = request.still?.frame(fps: plan.fps) else {
            throw ScaleError.failed("--still: the output has no picture")
        }
        // A muxer that is never started: the encoder is set up as the render's, and nothing is written.
        let output = try OutputFile(path: request.output, formatFrom: "still.\(plan.container.rawValue)")
        let capture = StillCapture(frame: frame)
        _ = try write(
            .picture(frame..<frame + 1, still: capture, encodes: false), video: video, of: plan, into: output, progress: { _ in },
            warning: { _ in })
        guard let image = capture.image else { throw ScaleError.failed("--still: output frame \(frame) was never made") }
        return image
    }

    /// Makes the --preview movie of `plan` and puts it in place once it is
    /// read back whole: only the video its frames need is read, and no
    /// sound is written. What a dry run writes beside the still and the map.
    public func writePreview(of plan: JobPlan) throws {
        guard let preview = request.preview else { return }
        guard let video = plan.video, let frames = preview.frames(fps: plan.fps, frameCount: plan.frames) else {
            throw ScaleError.failed("--preview: the output has no picture")
        }
        // A rate factor means the same in H.264 alone.
        let crf = request.videoCodec == .h264 ? request.crf : nil
        let look = video.preview(side: PreviewClip.side, crf: crf, preset: request.preset ?? PreviewClip.preset)
        _ = try writeAlone(look, of: plan, frames: frames, to: preview.path, named: "preview")
    }

    /// Writes output frames `frames` of `video` (`plan`'s picture, or a
    /// look at it) alone, without sound, into a file at `path` tagged with
    /// `tags`, and puts it in place once read back whole: what a part and a
    /// preview are. `name` names the file in a refusal. What the file was
    /// measured to hold.
    func writeAlone(
        _ video: VideoPlan, of plan: JobPlan, frames: Range<Int>, to path: String, named name: String, tags: [Tag] = [],
        progress: @escaping @Sendable (JobProgress) -> Void = { _ in }, warning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> MeasuredOutput {
        let file = try AtomicOutput(finalPath: path, input: request.input, overwrite: request.overwrite)
        do {
            let (meter, _) = try write(
                .picture(frames, tags: tags), video: video, of: plan, into: try OutputFile(path: file.temporaryPath, formatFrom: path),
                progress: progress, warning: warning)
            let measured = try OutputReadBack(path: file.temporaryPath) { gate.isCancelled }.measured
            try measured.check(frames: frames.count, in: name)
            try file.commit()
            meter.complete()
            return measured
        } catch let error as FFmpegError {
            throw ScaleError.failed(error.description)
        }
    }
}
