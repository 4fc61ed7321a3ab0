/// What the job needs to know of an input's video stream.
struct SourceVideo {
    /// Seconds of video a source may lack at its end without being called truncated.
    static let missingTolerance = 0.5

    let streamIndex: Int32
    let timeBase: Rational
    /// Where the video starts on the input's time line, in seconds.
    let start: Rational
    /// S, the video stream's duration in seconds.
    let duration: Rational
    let picture: SourcePicture
    let tags: [Tag]
    /// What its packets tell of the references between its frames.
    let references: PacketReferences
    /// The rate its shown frames come at (FrameSpacing.sourceRate): the
    /// container's average where its first frames fit it, else the rate
    /// their spacing says; nil when unknown.
    let frameRate: Rational?
    /// Its frames come at no one rate (then `frameRate` is their average).
    let isVariableRate: Bool
}
