/// The durations of a job and the time-scale factor between them (SPEC §3).
public struct Retime: Sendable, Equatable {
    /// What the user asked for.
    public enum Target: Sendable, Equatable {
        /// The output should last this many seconds.
        case duration(Rational)
        /// The output should last this multiple of the source's duration.
        case factor(Rational)
        /// The source retimed along this map (SPEC §8).
        case timeMap(TimeMap)
        /// The source played at these speeds: the map they make once S is known (SPEC §8).
        case speeds(SpeedList)
    }

    /// S, the source's duration in seconds.
    public let sourceDuration: Rational
    /// f = D / S, exact.
    public let factor: Rational

    /// The durations of a constant target; nil for a time map, which has no one factor.
    public init?(sourceDuration: Rational, target: Target) {
        guard sourceDuration.isPositive else { return nil }
        switch target {
        case .duration(let seconds):
            guard seconds.isPositive, let f = seconds.divided(by: sourceDuration) else { return nil }
            factor = f
        case .factor(let x):
            guard x.isPositive else { return nil }
            factor = x
        case .timeMap, .speeds:
            return nil
        }
        self.sourceDuration = sourceDuration
    }

    /// The span of source a time map covers and its mean factor, D / span
    /// (0 for a map that is only a freeze, which covers no source).
    package init(sourceDuration: Rational, mapDuration: Rational) {
        self.sourceDuration = sourceDuration
        factor = sourceDuration.isPositive ? mapDuration.divided(by: sourceDuration) ?? .zero : .zero
    }

    /// D, the output's duration in seconds, exact; nil when it does not fit in 64-bit terms.
    public var exactTargetDuration: Rational? { sourceDuration.multiplied(by: factor) }

    /// D, the output's duration in seconds (as close as 64-bit terms allow).
    public var targetDuration: Double {
        exactTargetDuration?.doubleValue ?? sourceDuration.doubleValue * factor.doubleValue
    }

    /// N = ceil(D · fps), with a tolerance of 1e-9 on the product so that
    /// 7.3 s at 60 fps is 438 frames and not 439.
    public func frameCount(fps: Rational) -> Int {
        let product = targetDuration * fps.doubleValue
        return max(1, Int((product - 1e-9).rounded(.up)))
    }

    /// The number of scaled audio samples per channel for `count` source
    /// samples: `Int(Double(count) · f)` (SPEC §5).
    public func audioLength(count: Int) -> Int {
        Int(Double(count) * factor.doubleValue)
    }
}
