/// What the job needs to know of an input before it starts.
struct SourceInfo {
    /// The video stream, if any.
    let video: SourceVideo?
    /// The audio stream to scale, if any.
    let audioStreamIndex: Int32?
    /// Where that audio starts on the input's time line, in seconds.
    let audioStart: Rational
    /// The container's tags, its chapters (on the input's time line) and the
    /// tags of the chosen audio stream.
    let tags: [Tag]
    let chapters: [Chapter]
    let audioTags: [Tag]
    /// The streams the output does not carry, by kind.
    let leftOut: [StreamKind: Int]

    /// Where the time line S is measured from starts: the first frame, or
    /// without video the first sample.
    var timelineStart: Rational { video?.start ?? audioStart }
}
