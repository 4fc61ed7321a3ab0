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

    /// The source's chapters on the output's time line, from the start of
    /// the part scaled, cut at D; or carried through the time map, which
    /// drops (and tells of) a chapter whose part it leaves out; none where
    /// `container` carries none.
    /// - Parameter timeline: where the time line S is measured from starts
    ///   on the input's: the first frame, or without video the first sample.
    static func retimedChapters(
        source: SourceInfo, into container: OutputContainer, from timeline: Rational, trim: Trim, scale: Retime, timeMap: TimeMap?,
        warning: (String) -> Void
    ) -> [Chapter] {
        guard container.carriesChapters else { return [] }
        guard let timeMap else {
            guard let end = scale.exactTargetDuration, let from = timeline.adding(trim.start) else { return [] }
            return source.chapters.compactMap { $0.retimed(from: from, by: scale.factor, limit: end) }
        }
        func dropped(_ index: Int, _ chapter: Chapter) {
            let name = chapter.title.map { "chapter \(index + 1) \"\($0)\"" } ?? "chapter \(index + 1)"
            warning("\(name) dropped: the time map leaves its part of the source out")
        }
        guard timeMap.isForwardAndStraight else {
            // Along a map that plays backwards a chapter may show in several stretches, in any order.
            let pieces = source.chapters.enumerated().flatMap { index, chapter in
                let pieces = chapter.pieces(from: timeline, along: timeMap)
                if pieces.isEmpty { dropped(index, chapter) }
                return pieces
            }
            return pieces.sorted { $0.start < $1.start }
        }
        return source.chapters.enumerated().compactMap { index, chapter in
            if let retimed = chapter.retimed(from: timeline, along: timeMap) { return retimed }
            dropped(index, chapter)
            return nil
        }
    }
}
