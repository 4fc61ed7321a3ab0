/// How a job's plan carries chapters and the start timecode over the retiming.
extension JobPlan {
    /// The source's start timecode moved on by `start` seconds (where the
    /// part kept starts) and counted at `fps`; nil without one, or when it
    /// cannot be read at the source's rate.
    static func timecode(of source: SourceInfo, from start: Rational, fps: Rational) -> String? {
        guard let text = source.timecode, let rate = source.video?.frameRate,
            let seconds = Timecode.seconds(of: text, rate: rate)?.adding(start)
        else { return nil }
        return Timecode.text(of: seconds, rate: fps)
    }

    /// The source's chapters on the output's time line, carried through the
    /// map the source is retimed along (one factor's two-knot map, SPEC §11),
    /// which drops (and tells of) a chapter whose part of the source it
    /// leaves out; none where `container` carries none, or where the map
    /// does not fit in 64-bit terms.
    /// - Parameter timeline: where the time line S is measured from starts
    ///   on the input's: the first frame, or without video the first sample.
    static func retimedChapters(
        source: SourceInfo, into container: OutputContainer, from timeline: Rational, along map: TimeMap?, warning: (String) -> Void
    ) -> [Chapter] {
        guard container.carriesChapters, let map else { return [] }
        func dropped(_ index: Int, _ chapter: Chapter) {
            let name = chapter.title.map { "chapter \(index + 1) \"\($0)\"" } ?? "chapter \(index + 1)"
            warning("\(name) dropped: its part of the source is left out")
        }
        guard map.isForwardAndStraight else {
            // Along a map that plays backwards a chapter may show in several stretches, in any order.
            let pieces = source.chapters.enumerated().flatMap { index, chapter in
                let pieces = chapter.pieces(from: timeline, along: map)
                if pieces.isEmpty { dropped(index, chapter) }
                return pieces
            }
            return pieces.sorted { $0.start < $1.start }
        }
        return source.chapters.enumerated().compactMap { index, chapter in
            if let retimed = chapter.retimed(from: timeline, along: map) { return retimed }
            dropped(index, chapter)
            return nil
        }
    }
}
