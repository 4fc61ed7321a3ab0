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
    /// The map its cues are retimed along (one factor is the map
    /// `(start, 0)` to `(start + S, D)`).
    let map: TimeMap
    /// The tags its output stream is written with.
    let tags: [Tag]

    /// The output times of a cue shown from `start` to `end` seconds on the
    /// source's clock, along the map: as CueTiming says where the map
    /// never falls and runs straight; otherwise one for each stretch of
    /// output it is on screen in (TimeMap.outputSpans), in output order.
    /// None when it is not shown.
    func retimed(start: Rational, end: Rational) -> [(start: Rational, end: Rational)] {
        guard let a = start.subtracting(origin), let b = end.subtracting(origin) else { return [] }
        guard map.isForwardAndStraight else { return map.outputSpans(from: a, to: b) }
        return CueTiming.retimed(start: a, end: b, along: map).map { [$0] } ?? []
    }

    /// Whether cues come out of output order (a map that plays backwards), and so are written sorted at the end.
    var reorders: Bool { !map.isForward }
}
