/// What a job's video lane makes, as the job's plan decides it: from which
/// stream, how many frames at what rate, along which retiming, and how the
/// pictures are made and encoded.
struct VideoPlan: Sendable {
    /// The input's path, and what its video stream is.
    let input: String
    let source: SourceVideo
    /// The tags its output stream is written with.
    let tags: [Tag]
    /// The output's frame rate, and its N frames.
    let fps: Rational
    let frames: Int
    let retiming: Retiming
    let motion: Motion
    let picture: PicturePlan
    let encoding: VideoEncoding
    /// Where each frame of the source lies, read from its packets while the
    /// job is planned, where the frames are picked from the output's side
    /// (`picksFrames`): so the plan fails where reading them backwards would.
    var frameIndex: FrameIndex?

    /// Whether the lane reads the file alone, so as to seek past what it
    /// does not show (FrameSchedule.shown): under --motion nearest, where the part
    /// shown starts, or two frames shown lie, more than a second of source
    /// apart. Otherwise it takes its packets from the job's one reading.
    var readsAlone: Bool { picksFrames || (motion == .nearest && retiming.longestSkip(fps: fps) > 1) }

    /// Whether the retiming plays some of the source backwards, or runs as
    /// the smooth curve (SPEC §13): which frame each output frame shows is
    /// then worked out from the output's side (FramePicks), and the frames
    /// are read a key-frame interval at a time, seeking.
    var picksFrames: Bool {
        if case .map(let map) = retiming { return !map.isForward || map.curve == .smooth }
        return false
    }

    /// The same plan along another retiming.
    func retimed(_ retiming: Retiming) -> VideoPlan {
        VideoPlan(
            input: input, source: source, tags: tags, fps: fps, frames: frames, retiming: retiming, motion: motion, picture: picture,
            encoding: encoding, frameIndex: frameIndex)
    }

    /// The same pictures made for a preview (PreviewClip): at most `side`
    /// pixels on their shorter side, in 8-bit 4:2:0 H.264 (HDR tone-mapped)
    /// at the rate factor (nil: the encoder's default) and preset given.
    func preview(side: Int, crf: Int?, preset: String) -> VideoPlan {
        let format = PictureFormat(chroma: .c420, depth: 8, hasAlpha: false)
        let mode: PictureMode = picture.mode == .highDynamicRange ? .toneMapped : picture.mode
        let look = PicturePlan(
            mode: mode, format: format, hdr: nil, fullRange: picture.fullRange && VideoCodec.h264.encoder.marksFullRange,
            turn: picture.turn, shorterSide: min(side, picture.shorterSide ?? side))
        let encoding = VideoEncoding(
            codec: .h264, crf: crf, preset: preset, proResProfile: .default, container: .mp4, format: format)
        return VideoPlan(
            input: input, source: source, tags: [], fps: fps, frames: frames, retiming: retiming, motion: motion, picture: look,
            encoding: encoding, frameIndex: frameIndex)
    }

    /// The frame clock of the retiming, in the source stream's time base,
    /// deciding output frames up to `end` (all N by default).
    func clock(upTo end: Int? = nil) -> FrameClock? {
        switch retiming {
        case .factor(let scale, let start):
            FrameClock(factor: scale.factor, fps: fps, timeBase: source.timeBase, frameCount: end ?? frames, start: start)
        case .map(let map):
            FrameClock(map: map, fps: fps, timeBase: source.timeBase, frameCount: end ?? frames)
        }
    }

    /// What each output frame shows under --motion blend or flow, up to
    /// output frame `end` (all N by default).
    func motionPlan(upTo end: Int? = nil) -> MotionPlan? {
        switch retiming {
        case .factor(let scale, let start):
            MotionPlan(scale: scale, fps: fps, timeBase: source.timeBase, frameCount: end ?? frames, start: start)
        case .map(let map):
            MotionPlan(map: map, fps: fps, timeBase: source.timeBase, frameCount: end ?? frames)
        }
    }

    /// Where the part of the source shown ends, in seconds after its first frame.
    var sourceEnd: Rational? {
        switch retiming {
        case .factor(let scale, let start): start.adding(scale.sourceDuration)
        case .map(let map): map.highestSource
        }
    }
}
