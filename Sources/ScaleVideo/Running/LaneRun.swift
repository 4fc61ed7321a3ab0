import Timing

/// What one run writes of a plan, and from what: the one place a plan's
/// lanes are made, started and run. A render or a join writes the whole
/// output (every lane, from one shared reading of the input, with the
/// file's chapters, attachments and cover); a part, a preview and a still
/// make the picture alone over a window of output frames, from the video's
/// own reading (a still encodes nothing: it is captured before the encoder).
struct LaneRun {
    /// The output frames the picture alone is made for; nil for the whole output.
    var window: Range<Int>?
    /// A join's parts, whose video is copied instead of made.
    var parts: [(path: String, first: Int)]?
    /// The picture kept as a PNG (--still).
    var still: StillCapture?
    /// The latest picture, kept while the render runs (--progress-picture).
    var live: LivePicture?
    /// The first audio track's levels, drawn afterwards (--waveform).
    var waveform: WaveformRecorder?
    /// The file's tags where the picture is written alone (a part's manifest).
    var tags: [Tag] = []
    /// Whether the pictures are encoded and the file written.
    var encodes = true

    /// The whole output.
    static func whole(
        parts: [(path: String, first: Int)]?, still: StillCapture?, live: LivePicture?, waveform: WaveformRecorder?
    ) -> LaneRun {
        LaneRun(window: nil, parts: parts, still: still, live: live, waveform: waveform)
    }

    /// The picture alone, over output frames `frames`.
    static func picture(_ frames: Range<Int>, tags: [Tag] = [], still: StillCapture? = nil, encodes: Bool = true) -> LaneRun {
        LaneRun(window: frames, still: still, tags: tags, encodes: encodes)
    }
}

extension ScaleJob {
    /// Makes `run`'s lanes of `plan` (its picture made as `video` says) into
    /// `output`, runs them to their end and finishes the file; their
    /// progress meter and what they wrote (packets counted as each track
    /// wrote them). The lanes, their decoders and encoders, and the muxer
    /// are let go when it returns, so a read-back that follows does not add
    /// its memory to theirs.
    func write(
        _ run: LaneRun, video: VideoPlan?, of plan: JobPlan, into output: OutputFile,
        progress: @escaping @Sendable (JobProgress) -> Void, warning: @escaping @Sendable (String) -> Void
    ) throws -> (ProgressMeter, MeasuredOutput) {
        let input = try run.window == nil ? SharedInput(path: request.input) : nil
        let picture: (lane: any Lane, frames: () -> Int)? = try video.map { video in
            if let parts = run.parts {
                let lane = try PartsLane(parts: parts, plan: video, output: output)
                return (lane, { lane.packets })
            }
            let lane = try VideoLane(
                video, shared: input, output: output, warn: warning, still: run.still, encodes: run.encodes, live: run.live,
                window: run.window, cuts: sceneCuts)
            return (lane, { lane.track.packets })
        }
        let (audio, subtitles) =
            try input.map { try sound(of: plan, from: $0, into: output, waveform: run.waveform, warning: warning) } ?? ([], [])
        let lanes: [any Lane] = (picture.map { [$0.lane] } ?? []) + audio
        try start(output, of: plan, for: run)
        let seconds = run.window.map { Double($0.count) / plan.fps.doubleValue } ?? plan.targetDuration
        let meter = ProgressMeter(lanes: lanes.count, outputDuration: seconds, handler: progress)
        // A second of source at most between lanes: the shared reading queues what lies between them.
        let lead = input == nil ? 1 : 1 / max(1, plan.retiming.fastestSpeed)
        try LaneScheduler.run(lanes + subtitles, gate: gate, lead: lead, meter: meter)
        if run.encodes { try output.finish() }
        let frames = picture?.frames() ?? 0
        let tracks = zip(plan.audioTracks, audio).map { planned, lane in
            let samples = lane.track.presentedSamples(at: planned.writtenRate)
            return MeasuredOutput.Audio(samples: samples, duration: Double(samples) / Double(planned.writtenRate))
        }
        let counted = MeasuredOutput(videoFrames: frames, videoDuration: Double(frames) / plan.fps.doubleValue, audioTracks: tracks)
        return (meter, counted)
    }

    /// The audio lanes and subtitle lanes of `plan`, reading `input`.
    private func sound(
        of plan: JobPlan, from input: SharedInput, into output: OutputFile, waveform recorder: WaveformRecorder?,
        warning: @escaping @Sendable (String) -> Void
    ) throws -> ([any TrackLane], [SubtitleLane]) {
        let audio = try plan.audioTracks.enumerated().map {
            try makeAudioLane(
                $0.element, packets: input.reader(of: $0.element.streamIndex), output: output,
                waveform: $0.offset == 0 ? recorder : nil, warn: warning)
        }
        let subtitles = try plan.subtitles.map { subtitle in
            try SubtitleLane(subtitle, packets: input.sparseReader(of: subtitle.source.index), output: output, warn: warning)
        }
        // A subtitle lane waits for its packets at the input, not at the gate.
        gate.whenCancelled { [weak input] in input?.cancel() }
        return (audio, subtitles)
    }

    /// Describes and starts `output` for `run`: the whole output with the
    /// source's attachments, cover, tags and chapters; the picture alone
    /// with `run`'s tags. Nothing for a run that encodes nothing.
    private func start(_ output: OutputFile, of plan: JobPlan, for run: LaneRun) throws {
        guard run.encodes else { return }
        guard run.window == nil else {
            try output.describe(tags: run.tags, chapters: [])
            try output.start()
            return
        }
        if plan.container.holdsAttachments {
            for attachment in plan.source.attachments { try output.addAttachment(attachment.bytes, tags: attachment.tags) }
        }
        let cover = try plan.container.holdsCover ? plan.source.cover.flatMap { try Self.addCover($0, to: output, in: plan.container) } : nil
        try output.describe(tags: plan.source.tags.carriedFromContainer, chapters: plan.chapters)
        try output.start(
            options: plan.container.muxerOptions(sampleRates: plan.audioTracks.map(\.writtenRate), fps: plan.video.map { _ in plan.fps }))
        if let (stream, bytes) = cover { try output.writePicture(bytes, to: stream) }
    }

    /// Adds `cover` to the output: an attached picture in the MP4 family,
    /// whose packet follows the header (the stream and its bytes are
    /// returned), an image attachment named `cover` in Matroska.
    private static func addCover(_ cover: SourceCover, to output: OutputFile, in container: OutputContainer) throws -> (Stream, [UInt8])? {
        guard container == .mkv else {
            return (try output.addPicture(codec: cover.codec, width: cover.width, height: cover.height), cover.bytes)
        }
        let (name, type) = cover.codec == "png" ? ("cover.png", "image/png") : ("cover.jpg", "image/jpeg")
        try output.addAttachment(cover.bytes, tags: [Tag("filename", name), Tag("mimetype", type)])
        return nil
    }
}
