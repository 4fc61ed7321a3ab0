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
    /// (Retiming.picksFrames): so the plan fails where reading them backwards would.
    var frameIndex: FrameIndex?

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
}
