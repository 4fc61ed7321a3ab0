/// σ along `--curve smooth` (SPEC §13): the monotone piecewise-cubic
/// (PCHIP, Fritsch–Carlson) interpolation of a map's knots (d_j, s_j)
/// instead of straight lines between them, so that the speed changes
/// without jumps and a freeze or a reversal is eased into and out of. The
/// slopes are SciPy's `pchip`: at an inner knot the weighted harmonic mean
/// of the two neighbouring slopes, 0 where they differ in sign or either is
/// 0; at the ends a one-sided three-point estimate, 0 where its sign is not
/// the segment's, at most three times the segment's slope where the next
/// segment turns; a map of two knots is the straight line. In seconds, as
/// `Double`: SPEC compares the curve's times within 1 µs.
public struct SmoothCurve: Sendable, Equatable {
    /// d_j, the knots' output times.
    public let outputs: [Double]
    /// s_j, the knots' source times.
    public let sources: [Double]
    /// The curve's slope, ds/dd, at each knot.
    public let slopes: [Double]

    /// The curve through `map`'s knots.
    public init(map: TimeMap) {
        let outputs = map.knots.map(\.output.doubleValue)
        let sources = map.knots.map(\.source.doubleValue)
        self.outputs = outputs
        self.sources = sources
        let count = outputs.count
        let h = (0..<(count - 1)).map { outputs[$0 + 1] - outputs[$0] }
        let δ = (0..<(count - 1)).map { (sources[$0 + 1] - sources[$0]) / h[$0] }
        guard count > 2 else {
            slopes = [δ[0], δ[0]]
            return
        }
        var m = [Double](repeating: 0, count: count)
        for k in 1..<(count - 1) where δ[k - 1] * δ[k] > 0 {
            let w1 = 2 * h[k] + h[k - 1]
            let w2 = h[k] + 2 * h[k - 1]
            m[k] = (w1 + w2) / (w1 / δ[k - 1] + w2 / δ[k])
        }
        m[0] = Self.endSlope(h[0], h[1], δ[0], δ[1])
        m[count - 1] = Self.endSlope(h[count - 2], h[count - 3], δ[count - 2], δ[count - 3])
        slopes = m
    }

    /// SciPy's one-sided three-point slope at an end, from the segment
    /// there (`h0`, `δ0`) and the next one in (`h1`, `δ1`).
    private static func endSlope(_ h0: Double, _ h1: Double, _ δ0: Double, _ δ1: Double) -> Double {
        let d = ((2 * h0 + h1) * δ0 - h0 * δ1) / (h0 + h1)
        if sign(d) != sign(δ0) { return 0 }
        if sign(δ0) != sign(δ1) && abs(d) > abs(3 * δ0) { return 3 * δ0 }
        return d
    }

    /// −1, 0 or 1, as NumPy's `sign`.
    private static func sign(_ x: Double) -> Int { x > 0 ? 1 : x < 0 ? -1 : 0 }

    /// The segment holding output time `τ`: the last knot at or before it,
    /// the one before the last from the last `d` on.
    private func segment(at τ: Double) -> Int {
        var low = 0
        var high = outputs.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if outputs[middle] <= τ { low = middle } else { high = middle }
        }
        return low
    }

    /// σ(τ), seconds of source on screen at output second `τ`; the last
    /// knot's `s` from its `d` on.
    public func sourceTime(atOutput τ: Double) -> Double {
        if τ >= outputs[outputs.count - 1] { return sources[sources.count - 1] }
        let k = segment(at: max(τ, 0))
        let h = outputs[k + 1] - outputs[k]
        let t = (max(τ, 0) - outputs[k]) / h
        let t2 = t * t
        let t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * sources[k] + (t3 - 2 * t2 + t) * h * slopes[k] + (-2 * t3 + 3 * t2) * sources[k + 1]
            + (t3 - t2) * h * slopes[k + 1]
    }

    /// The output second at which segment `k` (from knot k to k + 1, on
    /// which the curve is monotone) shows source second `t`, within a
    /// nanosecond.
    public func outputTime(of t: Double, inSegment k: Int) -> Double {
        var low = outputs[k]
        var high = outputs[k + 1]
        let rising = sources[k + 1] > sources[k]
        while high - low > 1e-9 {
            let middle = (low + high) / 2
            if (sourceTime(atOutput: middle) < t) == rising { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// Whether the source plays backwards at output second `τ`: the curve
    /// is monotone between knots, so as the map's segment there (a freeze
    /// as the last segment before it that moves).
    public func playsBackwards(atOutput τ: Double) -> Bool {
        var k = min(segment(at: max(τ, 0)), sources.count - 2)
        while k >= 0 {
            if sources[k + 1] != sources[k] { return sources[k + 1] < sources[k] }
            k -= 1
        }
        return false
    }
}
