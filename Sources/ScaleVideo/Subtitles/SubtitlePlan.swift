/// What a job writes of one subtitle track of the input (SubtitleLane):
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
    /// source's clock (CueTiming): none when it is not shown; along a map
    /// that plays backwards or runs as the smooth curve, one for each
    /// stretch of output it is on screen in (TimeMap.outputSpans), in output order.
    func retimed(start: Rational, end: Rational) -> [(start: Rational, end: Rational)] {
        guard let a = start.subtracting(origin), let b = end.subtracting(origin) else { return [] }
        switch retiming {
        case .factor(let scale, let from):
            return CueTiming.retimed(start: a, end: b, from: from, by: scale.factor, limit: duration).map { [$0] } ?? []
        case .map(let map) where map.isForwardAndStraight:
            return CueTiming.retimed(start: a, end: b, along: map).map { [$0] } ?? []
        case .map(let map):
            return map.outputSpans(from: a, to: b)
        }
    }

    /// Whether cues come out of output order (a map that plays backwards), and so are written sorted at the end.
    var reorders: Bool {
        if case .map(let map) = retiming { return !map.isForward }
        return false
    }
}
