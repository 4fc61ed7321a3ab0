/// Where source frames land on the output's frame clock (SPEC §4, §8, §9):
/// a frame `offset` timestamp units after the first lands at
/// `P = g(t) · fps` output frames (output frame k is at k), t its time in
/// seconds after the first frame and g the map, one factor f being the map
/// `g(t) = f · (t − start)`. The frames at or before the map's first knot
/// land at 0. Worked out exactly, in the source's timestamp units, once for
/// the frame clock (nearest) and the motion plan (blend, flow) alike.
public struct Landing: Sendable {
    /// One straight stretch of g, freezes having none: a frame `offset`
    /// units after the first lands at `perUnit · offset − shift`.
    private struct Stretch: Sendable {
        /// The stretch covers offsets up to and including this one.
        let through: Rational
        let perUnit: Rational
        let shift: Rational

        /// The stretch of g rising `slope` output seconds a source second
        /// from knot `a`: `perUnit = slope · fps · timeBase`, `shift = slope
        /// · fps · s_a − d_a · fps`. nil when that does not fit in 64-bit terms.
        init?(slope: Rational, from a: TimeMap.Knot, through: Rational, fps: Rational, timeBase: Rational) {
            guard let perSecond = slope.multiplied(by: fps), let perUnit = perSecond.multiplied(by: timeBase),
                let outputTicks = a.output.multiplied(by: fps), let shift = perSecond.multiplied(by: a.source)?.subtracting(outputTicks)
            else { return nil }
            self.through = through
            self.perUnit = perUnit
            self.shift = shift
        }
    }

    /// A freeze (two knots with the same `s`): where it is, in units after
    /// the first frame, and where it ends, in output frames.
    private struct Freeze: Sendable {
        let at: Rational
        let end: Rational
    }

    /// Offsets at or before this land at 0.
    private let start: Rational
    /// Offsets after this are past the map's end.
    private let end: Rational
    private let stretches: [Stretch]
    private let freezes: [Freeze]

    /// Along a map's knots, `s` never falling (times in seconds after the
    /// first frame): offsets after its last knot's are past its end. nil
    /// when the times do not fit in 64-bit terms.
    public init?(knots: [TimeMap.Knot], fps: Rational, timeBase: Rational) {
        guard let first = knots.first, let last = knots.last, let startUnits = first.source.divided(by: timeBase),
            let endUnits = last.source.divided(by: timeBase)
        else { return nil }
        var stretches: [Stretch] = []
        var freezes: [Freeze] = []
        for (a, b) in zip(knots, knots.dropFirst()) {
            guard let through = b.source.divided(by: timeBase) else { return nil }
            guard b.source > a.source else {
                guard let end = b.output.multiplied(by: fps) else { return nil }
                freezes.append(Freeze(at: through, end: end))
                continue
            }
            guard let sourceSpan = b.source.subtracting(a.source), let outputSpan = b.output.subtracting(a.output),
                let slope = outputSpan.divided(by: sourceSpan),
                let stretch = Stretch(slope: slope, from: a, through: through, fps: fps, timeBase: timeBase)
            else { return nil }
            stretches.append(stretch)
        }
        start = startUnits
        end = endUnits
        self.stretches = stretches
        self.freezes = freezes
    }

    /// Whether a frame `offset` units after the first is past the map's end.
    public func isPastEnd(_ offset: Int64) -> Bool {
        !Self.isAtOrBefore(offset, end)
    }

    /// P for a frame `offset` units after the first, at or before the map's
    /// end; nil past it, or where it does not fit in 64-bit terms.
    public func position(of offset: Int64) -> Rational? {
        guard offset > 0, !Self.isAtOrBefore(offset, start) else { return .zero }
        guard let stretch = stretch(of: offset), let units = Rational(offset, 1) else { return nil }
        return stretch.perUnit.multiplied(by: units)?.subtracting(stretch.shift)
    }

    /// The first output frame at or after P, clamped to 0...`frameCount`;
    /// `frameCount` past the map's end.
    public func tick(of offset: Int64, frameCount: Int) -> Int {
        guard offset > 0, !Self.isAtOrBefore(offset, start) else { return 0 }
        guard let stretch = stretch(of: offset) else { return frameCount }
        let tick = stretch.perUnit.ceilOfProduct(with: offset, minus: stretch.shift)
        return Int(min(max(tick, 0), Int128(frameCount)))
    }

    /// Where the latest freeze at an offset in `[from, to)` ends, in output frames.
    public func freezeEnd(from: Int64, to: Int64) -> Rational? {
        freezes.last { Self.isAtOrBefore(from, $0.at) && !Self.isAtOrBefore(to, $0.at) }?.end
    }

    /// The stretch an offset after the map's start lies on; nil past the end.
    private func stretch(of offset: Int64) -> Stretch? {
        stretches.first { Self.isAtOrBefore(offset, $0.through) }
    }

    /// offset ≤ bound, exactly.
    private static func isAtOrBefore(_ offset: Int64, _ bound: Rational) -> Bool {
        Int128(offset) * Int128(bound.denominator) <= Int128(bound.numerator)
    }
}
