/// The durations of a job and the time-scale factor between them (SPEC §3).
public struct TimeScale: Sendable, Equatable {
    /// What the user asked for.
    public enum Target: Sendable, Equatable {
        /// The output should last this many seconds.
        case duration(Rational)
        /// The output should last this multiple of the source's duration.
        case factor(Rational)
    }

    /// S, the source's duration in seconds.
    public let sourceDuration: Rational
    /// f = D / S, exact.
    public let factor: Rational

    public init?(sourceDuration: Rational, target: Target) {
        guard sourceDuration.isPositive else { return nil }
        switch target {
        case .duration(let seconds):
            guard seconds.isPositive, let f = seconds.divided(by: sourceDuration) else { return nil }
            factor = f
        case .factor(let x):
            guard x.isPositive else { return nil }
            factor = x
        }
        self.sourceDuration = sourceDuration
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
