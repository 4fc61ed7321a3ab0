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
    /// What its packets tell of the references between its frames.
    let references: PacketReferences
    /// Its average frame rate as the container gives it; nil when unknown.
    let averageRate: Rational?
    /// Its frames come at no one rate: the average differs from the rate
    /// every timestamp fits.
    let isVariableRate: Bool
}
