/// The rate a video's shown frames come at, read from their presentation
/// timestamps (SPEC §12, `--fps source`): the container's average where the
/// frames fit it, else the rate their spacing says. A container's average
/// need not be that rate: Matroska states a frame's duration in rounded
/// nanoseconds, or none, and FFmpeg then counts the average in the
/// file's millisecond ticks (1000/33 for 30 fps), or gives the tick rate
/// itself; an mp4 average counts the frames its edit list leaves out.
public struct FrameSpacing: Sendable {
    /// Each frame's timestamp less the first's, in the time base's ticks, ascending.
    private let offsets: [Int64]
    private let timeBase: Rational

    /// - Parameters:
    ///   - timestamps: the presentation timestamps of frames shown one
    ///     after another, in any order; at least three.
    ///   - timeBase: their unit, in seconds.
    public init?(timestamps: [Int64], timeBase: Rational) {
        let sorted = timestamps.sorted()
        guard sorted.count >= 3, let first = sorted.first, let last = sorted.last, last > first, timeBase.isPositive else {
            return nil
        }
        offsets = sorted.map { $0 - first }
        self.timeBase = timeBase
    }

    /// The frames over the time from the first to the last; nil when that does not fit.
    public var meanRate: Rational? {
        Rational(
            wide: Int128(offsets.count - 1) * Int128(timeBase.denominator),
            Int128(offsets[offsets.count - 1]) * Int128(timeBase.numerator))
    }

    /// How far, at most, a frame lies from where a constant `rate` from the
    /// first one puts it, in ticks; nil when frames come closer than one
    /// tick apart at that rate, or two frames share one timestamp.
    public func deviation(from rate: Rational) -> Double? {
        guard rate.isPositive else { return nil }
        // Frame j lies at offset_j ticks, the rate puts it at j / (rate · timeBase) ticks:
        // in units of 1 / (p·a) ticks, offset_j·p·a against j·q·b.
        let pa = Int128(rate.numerator) * Int128(timeBase.numerator)
        let qb = Int128(rate.denominator) * Int128(timeBase.denominator)
        guard qb >= pa else { return nil }
        var worst: Int128 = 0
        for (j, offset) in offsets.enumerated() {
            if j > 0 && offset == offsets[j - 1] { return nil }
            let difference = Int128(offset) * pa - Int128(j) * qb
            worst = max(worst, difference < 0 ? -difference : difference)
        }
        return Double(worst) / Double(pa)
    }

    /// Whether every frame lies within one tick of where `rate` puts it:
    /// where timestamps rounded to whole ticks leave it.
    public func fits(_ rate: Rational) -> Bool {
        deviation(from: rate).map { $0 <= 1 } ?? false
    }

    /// The simplest constant rate the frames fit: a whole number of frames a
    /// second or an NTSC rate (N·1000/1001), the closer where both fit,
    /// else their own mean; nil when none fits (a variable rate).
    public var constantRate: Rational? {
        guard let mean = meanRate else { return nil }
        let value = mean.doubleValue
        let clean = [
            Rational(Int64(value.rounded()), 1),
            Rational(Int64((value * 1.001).rounded()) * 1000, 1001),
        ].compactMap { $0 }
        let fitting = clean.compactMap { rate in deviation(from: rate).flatMap { $0 <= 1 ? (rate, $0) : nil } }
        if let best = fitting.min(by: { $0.1 < $1.1 }) { return best.0 }
        return fits(mean) ? mean : nil
    }

    /// The rate `--fps source` runs at, and whether the frames come at no
    /// one rate. The container's `average` where the frames fit it and it
    /// lasts a whole number of ticks a frame (an exact mp4 or AVI rate);
    /// else the constant rate they fit (an average the container could not
    /// state exactly gives way to the clean rate it stands for: 60000/1001
    /// for Matroska's 19001/317); else (a variable rate) the container's
    /// average, unless it is missing or one frame a tick or more, where
    /// the frames' mean is taken.
    public static func sourceRate(average: Rational?, spacing: FrameSpacing) -> (rate: Rational?, isVariable: Bool) {
        let fitting = average.flatMap { spacing.fits($0) ? $0 : nil }
        if let average = fitting, let ticks = spacing.timeBase.multiplied(by: average)?.reciprocal, ticks.denominator == 1 {
            return (average, false)
        }
        if let rate = spacing.constantRate ?? fitting { return (rate, false) }
        let tickRate = spacing.timeBase.reciprocal
        if let average, let tickRate, average < tickRate { return (average, true) }
        return (spacing.meanRate, true)
    }
}
