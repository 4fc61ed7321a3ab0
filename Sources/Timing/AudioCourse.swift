/// What of an audio track a retiming takes, and along what: the lined-up
/// samples it keeps and the segments they are scaled along. One factor
/// takes the part the trim keeps, all of it to `Int(count · f)` samples
/// (SPEC §5); a time map takes the whole track and cuts it at its knots
/// (SPEC §8, §13). So `0=0,S=D` and `--duration D` come out the same.
package struct AudioCourse: Sendable, Equatable {
    /// The lined-up samples the segments read, padded where asked.
    package let alignment: AudioAlignment
    /// How many of them the source holds (the rest is padding).
    package let available: Int
    /// How they are scaled.
    package let segments: AudioMapPlan
}

extension Retiming {
    /// The course of the `lined` audio at `rate` along this retiming, in a
    /// source lasting `whole` seconds, padded with silence to the end of
    /// the part shown when `padded`. Pitch kept (`following` the output's
    /// `fps`) follows a smooth curve as straight lines close to it; the
    /// map's own knots are judged first, as written. nil when the times do
    /// not fit in 64-bit terms. Along a map, fails when a segment that is
    /// not a freeze holds no sample.
    package func audioCourse(of lined: AudioAlignment, rate: Int, whole: Rational, padded: Bool, following fps: Rational?)
        throws(TimeMapError) -> AudioCourse?
    {
        switch self {
        case .factor(let scale, let start):
            let end = start.adding(scale.sourceDuration).flatMap { $0 < whole ? $0 : nil }
            let range = Trim(start: start, end: end).samples(rate: rate, duration: whole)
            var kept = lined.trimmed(from: range.start, to: range.end)
            let available = kept.count
            if padded { kept = kept.padded(to: Int(scale.sourceDuration.ticks(per: Int64(rate)))) }
            let segments = AudioMapPlan(count: kept.count, length: scale.audioLength(count: kept.count))
            return AudioCourse(alignment: kept, available: available, segments: segments)
        case .map(let map):
            let kept = padded ? lined.padded(to: Int(whole.ticks(per: Int64(rate)))) : lined
            guard kept.count > 0 else { return AudioCourse(alignment: kept, available: lined.count, segments: AudioMapPlan(count: 0, length: 0)) }
            guard let followed = fps.map({ map.following(fps: $0) }) ?? map else { return nil }
            let written = try AudioMapPlan(map: map, rate: rate, count: kept.count, sourceDuration: whole)
            let segments =
                followed == map
                ? written : try AudioMapPlan(map: followed, rate: rate, count: kept.count, sourceDuration: whole, joiningEmpty: true)
            return AudioCourse(alignment: kept, available: lined.count, segments: segments)
        }
    }
}
