/// What a job writes of one subtitle track of the input (SubtitleSink):
/// retimed as the picture is, as it is or in the container's text format.
struct SubtitlePlan: Sendable {
    let input: String
    let source: SourceSubtitle
    /// The encoder of the text format it is converted to; nil: written as it is.
    let converter: String?
    /// Where the source's time line starts on its clock: its first frame,
    /// or without video its first audio sample.
    let origin: Rational
    let retiming: Retiming
    /// D, the output's duration.
    let duration: Rational
    /// The tags its output stream is written with.
    let tags: [Tag]

    /// The output times of a cue shown from `start` to `end` seconds on the
    /// source's clock (CueTiming); nil when it is not shown.
    func retimed(start: Rational, end: Rational) -> (start: Rational, end: Rational)? {
        guard let a = start.subtracting(origin), let b = end.subtracting(origin) else { return nil }
        switch retiming {
        case .factor(let scale, let from):
            return CueTiming.retimed(start: a, end: b, from: from, by: scale.factor, limit: duration)
        case .map(let map):
            return CueTiming.retimed(start: a, end: b, along: map)
        }
    }
}
