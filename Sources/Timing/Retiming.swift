/// How source time becomes output time: one factor, or a time map.
package enum Retiming: Sendable {
    /// One factor, from `start` seconds of the source (SPEC §4).
    case factor(Retime, start: Rational)
    /// A time map (SPEC §8).
    case map(TimeMap)
}

extension Retiming {
    /// The most source seconds an output second shows anywhere: 1/f for
    /// one factor, along a map its fastest segment's, forwards or backwards.
    package var fastestSpeed: Double {
        switch self {
        case .factor(let scale, _):
            return 1 / scale.factor.doubleValue
        case .map(let map):
            return zip(map.knots, map.knots.dropFirst()).map { a, b in
                abs(b.source.doubleValue - a.source.doubleValue) / (b.output.doubleValue - a.output.doubleValue)
            }.max() ?? 0
        }
    }

    /// The map the source is retimed along: a time map itself, one factor
    /// the map from `(start, 0)` to `(start + S, D)`. nil where the times do
    /// not fit in 64-bit terms.
    package var map: TimeMap? {
        switch self {
        case .factor(let scale, let start): TimeMap(scale: scale, start: start)
        case .map(let map): map
        }
    }

    /// N, the output's frames at `fps`: `ceil(D · fps)` (SPEC §4, §8); nil
    /// where a map's times do not fit in 64-bit terms.
    package func frameCount(fps: Rational) -> Int? {
        switch self {
        case .factor(let scale, _): scale.frameCount(fps: fps)
        case .map(let map): map.frameCount(fps: fps)
        }
    }

    /// D, the output's duration in seconds.
    package var duration: Double {
        switch self {
        case .factor(let scale, _): scale.targetDuration
        case .map(let map): map.duration.doubleValue
        }
    }

    /// Where the part of the source shown starts, in seconds.
    package var sourceStart: Rational {
        switch self {
        case .factor(_, let start): start
        case .map(let map): map.sourceStart
        }
    }

    /// The most source time, in seconds, the output passes over at once:
    /// before its first frame (where the part shown starts), or between two
    /// of its frames at `fps` (the fastest stretch's speed over the rate).
    package func longestSkip(fps: Rational) -> Double {
        max(sourceStart.doubleValue, fastestSpeed / fps.doubleValue)
    }
}
