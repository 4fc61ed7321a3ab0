/// A piecewise-linear map from source time to output time (SPEC §8, §13):
/// knots `(s, d)` in exact seconds, `s` from the first frame, `d` from the
/// output's start. Two knots with the same `s` are a freeze; a segment whose
/// `s` falls plays that part of the source backwards. A valid map has at
/// least two knots, `d = 0` first, `d` strictly increasing, and every
/// segment at least one output frame long.
public struct TimeMap: Sendable, Equatable, CustomStringConvertible {
    /// One knot: source time `s` lands at output time `d`.
    public struct Knot: Sendable, Equatable {
        /// s, seconds of the source from its first frame.
        public let source: Rational
        /// d, seconds of the output from its start.
        public let output: Rational

        /// The knot `(s, d)`; checked only as part of a map.
        public init(source: Rational, output: Rational) {
            self.source = source
            self.output = output
        }
    }

    /// The knots in order.
    public let knots: [Knot]
    /// How each knot is named in messages (see TimeMapError).
    package let labels: [String]
    /// How it runs between knots: straight lines, or `--curve smooth`'s cubic.
    public var curve: Curve = .linear

    /// Validates `knots` for output at `fps`; `labels` name them in errors
    /// (by default `knot N "s=d"`).
    public init(knots: [Knot], fps: Rational, labels: [String]? = nil) throws(TimeMapError) {
        let labels = labels ?? Self.labels(of: knots)
        guard knots.count >= 2 else { throw .tooFewKnots(knots.count) }
        guard knots[0].output == .zero else { throw .firstOutputNotZero(knot: labels[0]) }
        guard let frame = fps.reciprocal, fps.isPositive else { throw .tooLarge(knot: labels[0]) }
        for (j, knot) in knots.enumerated() {
            guard knot.source >= .zero else { throw .negativeSource(knot: labels[j]) }
            guard j > 0 else { continue }
            let previous = knots[j - 1]
            guard knot.output > previous.output else { throw .outputNotIncreasing(knot: labels[j]) }
            guard let length = knot.output.subtracting(previous.output), let sourceLength = knot.source.subtracting(previous.source),
                sourceLength.multiplied(by: fps) != nil, length.multiplied(by: fps) != nil
            else { throw .tooLarge(knot: labels[j]) }
            guard length >= frame else { throw .segmentTooShort(knot: labels[j], frame: frame) }
        }
        self.knots = knots
        self.labels = labels
    }

    /// The map of one factor's `scale` from `start` seconds of the source:
    /// `(start, 0)` to `(start + S, D)` (SPEC §4: the factor is that map).
    /// Not validated: its times are the request's, already checked, and an
    /// output shorter than a frame is a factor's to make. nil where the times
    /// do not fit in 64-bit terms.
    package init?(scale: Retime, start: Rational) {
        guard let end = start.adding(scale.sourceDuration), let duration = scale.exactTargetDuration else { return nil }
        knots = [Knot(source: start, output: .zero), Knot(source: end, output: duration)]
        labels = Self.labels(of: knots)
    }

    /// How knots are named in messages when nothing else names them: `knot N "s=d"`.
    private static func labels(of knots: [Knot]) -> [String] {
        knots.enumerated().map { "knot \($0.offset + 1) \"\($0.element.source)=\($0.element.output)\"" }
    }

    /// The same map validated for output at `fps`, its knots named as they were.
    public func validated(fps: Rational) throws(TimeMapError) -> TimeMap {
        var map = try TimeMap(knots: knots, fps: fps, labels: labels)
        map.curve = curve
        return map
    }

    /// The smooth curve through the knots; nil for straight lines.
    public var smoothCurve: SmoothCurve? { curve == .smooth ? SmoothCurve(map: self) : nil }

    /// The map as straight lines close to its smooth curve (`--keep-pitch`
    /// follows it so): each segment that moves cut into as many equal parts
    /// as whole output frames fit in it, at `fps`, with σ there to the
    /// microsecond (kept within the segment's ends). Itself for straight
    /// lines; nil when the times do not fit in 64-bit terms.
    package func following(fps: Rational) -> TimeMap? {
        guard let smooth = smoothCurve else { return self }
        var dense: [Knot] = [knots[0]]
        for (a, b) in zip(knots, knots.dropFirst()) {
            let frames = b.output.subtracting(a.output)?.multiplied(by: fps).map { $0.numerator / $0.denominator } ?? 1
            if a.source != b.source, frames > 1, let step = b.output.subtracting(a.output)?.divided(by: Rational(frames, 1)!) {
                let (low, high) = (min(a.source, b.source), max(a.source, b.source))
                for i in 1..<frames {
                    guard let output = step.multiplied(by: Rational(i, 1)!).flatMap(a.output.adding),
                        let micro = Rational(Int64((smooth.sourceTime(atOutput: output.doubleValue) * 1e6).rounded()), 1_000_000)
                    else { return nil }
                    dense.append(Knot(source: min(max(micro, low), high), output: output))
                }
            }
            dense.append(b)
        }
        return try? TimeMap(knots: dense, fps: fps)
    }

    /// The map `0 = 0, S = D`: the constant factor D / S.
    public static func constant(sourceDuration: Rational, duration: Rational, fps: Rational) throws(TimeMapError) -> TimeMap {
        try TimeMap(
            knots: [Knot(source: .zero, output: .zero), Knot(source: sourceDuration, output: duration)], fps: fps)
    }

    /// Two maps are equal when their knots are, however they were named.
    public static func == (lhs: TimeMap, rhs: TimeMap) -> Bool { lhs.knots == rhs.knots }

    /// D, the output's duration: the last knot's `d`.
    public var duration: Rational { knots[knots.count - 1].output }
    /// Where the map starts in the source: the first knot's `s`.
    public var sourceStart: Rational { knots[0].source }
    /// Where the map ends in the source: the last knot's `s`.
    public var sourceEnd: Rational { knots[knots.count - 1].source }
    /// The earliest source time the map shows: its least `s`.
    public var lowestSource: Rational { knots.map(\.source).min() ?? .zero }
    /// The latest source time the map shows: its greatest `s`.
    public var highestSource: Rational { knots.map(\.source).max() ?? .zero }

    /// Whether no segment plays backwards: `s` never falls.
    public var isForward: Bool { zip(knots, knots.dropFirst()).allSatisfy { $0.source <= $1.source } }

    /// Whether the map never falls and runs straight between its knots:
    /// the source then plays in its own order, each time at a straight
    /// line's point; otherwise (SPEC §13) what shows is worked out from the
    /// output's side.
    public var isForwardAndStraight: Bool { isForward && curve == .linear }

    /// Whether the map only plays backwards or holds: `s` never rises, and falls somewhere.
    public var isBackward: Bool {
        !isForward && zip(knots, knots.dropFirst()).allSatisfy { $0.source >= $1.source }
    }

    /// The stretches of output time during which the source time on screen,
    /// σ, lies in `from ..< to` (SPEC §13: a part of the source may show
    /// more than once, or backwards), in output order, touching ones joined.
    /// A freeze shows its `s` throughout. Along a falling segment σ runs
    /// from the later time to the earlier, so the stretch begins where σ
    /// reaches `to`. Along the smooth curve, the times are found on it to
    /// the microsecond.
    public func outputSpans(from: Rational, to: Rational) -> [(start: Rational, end: Rational)] {
        let smooth = smoothCurve
        var spans: [(start: Rational, end: Rational)] = []
        for (j, (a, b)) in zip(knots, knots.dropFirst()).enumerated() {
            let output = { (t: Rational) -> Rational? in
                guard let smooth else { return Self.output(at: t, a, b) }
                return Rational(Int64((smooth.outputTime(of: t.doubleValue, inSegment: j) * 1e6).rounded()), 1_000_000)
            }
            let low = min(a.source, b.source)
            let high = max(a.source, b.source)
            let span: (Rational, Rational)?
            if low == high {
                span = from <= low && low < to ? (a.output, b.output) : nil
            } else {
                let first = max(from, low)
                let last = min(to, high)
                guard first < last, let enter = output(a.source < b.source ? first : last),
                    let leave = output(a.source < b.source ? last : first)
                else { continue }
                span = (enter, leave)
            }
            guard let (start, end) = span, start < end else { continue }
            if let previous = spans.last, previous.end == start {
                spans[spans.count - 1].end = end
            } else {
                spans.append((start, end))
            }
        }
        return spans
    }

    /// The output time at which the segment from `a` to `b` shows source time `t`.
    private static func output(at t: Rational, _ a: Knot, _ b: Knot) -> Rational? {
        guard let into = t.subtracting(a.source), let rise = b.source.subtracting(a.source),
            let length = b.output.subtracting(a.output), let part = into.multiplied(by: length)?.divided(by: rise)
        else { return nil }
        return a.output.adding(part)
    }

    /// Where a map that plays both forwards and backwards first turns from
    /// one to the other: the knot's label; nil for a map that does not.
    public var firstTurn: String? {
        var direction: Bool?
        for (j, (a, b)) in zip(knots, knots.dropFirst()).enumerated() where a.source != b.source {
            let falls = b.source < a.source
            if let direction, direction != falls { return labels[j] }
            direction = falls
        }
        return nil
    }

    /// The map on the source's time line turned round at `end`: knots
    /// `(end − s, d)`. A map that plays backwards becomes one that plays
    /// forwards over the frames taken last first (SPEC §13's frame rule for
    /// falling segments is §8's on that time line). nil when a knot's `s` is
    /// past `end` or the map is not valid at `fps`.
    package func mirrored(at end: Rational, fps: Rational) -> TimeMap? {
        var turned: [Knot] = []
        for knot in knots {
            guard let source = end.subtracting(knot.source), source >= .zero else { return nil }
            turned.append(Knot(source: source, output: knot.output))
        }
        return try? TimeMap(knots: turned, fps: fps, labels: labels)
    }

    /// The map `end = 0, start = D`: the part `start`–`end` of the source
    /// played backwards in D seconds (`--reverse`, SPEC §13).
    public static func reverse(start: Rational, end: Rational, duration: Rational, fps: Rational) throws(TimeMapError) -> TimeMap {
        try TimeMap(knots: [Knot(source: end, output: .zero), Knot(source: start, output: duration)], fps: fps)
    }

    /// σ(τ): the source time on screen at output time `τ`, the map read from
    /// output time to source time, linear between knots; the last knot's `s`
    /// from its `d` on. nil before 0 or when it does not fit in 64-bit terms.
    public func sourceTime(atOutput τ: Rational) -> Rational? {
        guard τ >= .zero else { return nil }
        guard let j = knots.lastIndex(where: { $0.output <= τ }), j + 1 < knots.count else { return sourceEnd }
        let a = knots[j]
        let b = knots[j + 1]
        guard let into = τ.subtracting(a.output), let span = b.output.subtracting(a.output),
            let rise = b.source.subtracting(a.source), let part = into.multiplied(by: rise)?.divided(by: span)
        else { return nil }
        return a.source.adding(part)
    }

    /// Whether the source plays backwards at output time `τ`: the segment
    /// from the last knot at or before `τ` falls, or it is a freeze and the
    /// last segment before it that moves falls (SPEC §13: a freeze after a
    /// falling segment holds the frame that segment ended on).
    public func playsBackwards(atOutput τ: Rational) -> Bool {
        let j = min(knots.lastIndex(where: { $0.output <= τ }) ?? 0, knots.count - 2)
        for i in stride(from: j, through: 0, by: -1) where knots[i + 1].source != knots[i].source {
            return knots[i + 1].source < knots[i].source
        }
        return false
    }

    /// N = ceil(D · fps), exactly; nil when D · fps does not fit in 64-bit terms.
    public func frameCount(fps: Rational) -> Int? {
        guard let product = duration.multiplied(by: fps) else { return nil }
        let quotient = product.numerator / product.denominator
        return Int(product.numerator % product.denominator > 0 ? quotient + 1 : quotient)
    }

    /// How many of its segments are freezes (two knots with the same `s`).
    public var freezeCount: Int {
        zip(knots, knots.dropFirst()).count { $0.source == $1.source }
    }

    /// The map's shape in a few words: `ramp 4 knots`, with its freezes and
    /// backward segments if any, `smooth ramp …` along the smooth curve, and
    /// `reversed` for --reverse's one falling segment.
    public var shape: String {
        let freezes = freezeCount
        let backwards = zip(knots, knots.dropFirst()).count { $0.source > $1.source }
        if knots.count == 2 && backwards == 1 && curve == .linear { return "reversed" }
        var parts: [String] = []
        if freezes > 0 { parts.append("\(freezes) freeze\(freezes == 1 ? "" : "s")") }
        if backwards > 0 { parts.append("\(backwards) backwards") }
        return (curve == .smooth ? "smooth " : "") + "ramp \(knots.count) knots"
            + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
    }

    /// `s=d,s=d,…` with each time as written in lowest terms.
    public var description: String {
        knots.map { "\($0.source)=\($0.output)" }.joined(separator: ",")
    }

    /// g(t): the output time of source time `t` along a forward map, linear
    /// between knots; at a freeze, `t` equal to its `s` gives the freeze's
    /// first `d`. nil outside the first and last knots' `s` (that part of
    /// the source is left out), along a map that plays backwards, or when
    /// the result does not fit in 64-bit terms.
    public func outputTime(at t: Rational) -> Rational? {
        guard isForward, t >= sourceStart, t <= sourceEnd, let j = knots.firstIndex(where: { $0.source >= t }) else { return nil }
        if knots[j].source == t { return knots[j].output }
        let a = knots[j - 1]
        let b = knots[j]
        guard let into = t.subtracting(a.source), let span = b.source.subtracting(a.source),
            let length = b.output.subtracting(a.output), let part = into.multiplied(by: length)?.divided(by: span)
        else { return nil }
        return a.output.adding(part)
    }

    /// Fails when a knot's `s` lies past the source's end S (SPEC §8: that input fails).
    public func check(sourceDuration: Rational) throws(TimeMapError) {
        if let j = knots.firstIndex(where: { $0.source > sourceDuration }) {
            throw .pastEnd(knot: labels[j], sourceDuration: sourceDuration)
        }
    }
}
