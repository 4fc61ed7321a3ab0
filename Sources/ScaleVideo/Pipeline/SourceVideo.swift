/// What the job needs to know of an input's video stream.
struct SourceVideo {
    let streamIndex: Int32
    let timeBase: Rational
    /// Where the video starts on the input's time line, in seconds.
    let start: Rational
    /// S, the video stream's duration in seconds.
    let duration: Rational
    let picture: SourcePicture
    let tags: [Tag]
    /// Which of its packets no other frame refers to.
    let disposablePackets: DisposablePackets
}
