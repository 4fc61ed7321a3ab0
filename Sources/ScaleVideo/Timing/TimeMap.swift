/// A piecewise-linear map from source time to output time (SPEC §8): knots
/// `(s, d)` in exact seconds, `s` from the first frame, `d` from the output's
/// start. Two knots with the same `s` are a freeze. A valid map has at least
/// two knots, `d = 0` first, `d` strictly increasing, `s` never decreasing,
/// and every segment at least one output frame long.
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
    let labels: [String]

    /// Validates `knots` for output at `fps`; `labels` name them in errors
    /// (by default `knot N "s=d"`).
    public init(knots: [Knot], fps: Rational, labels: [String]? = nil) throws(TimeMapError) {
        let labels = labels ?? knots.enumerated().map { "knot \($0.offset + 1) \"\($0.element.source)=\($0.element.output)\"" }
        guard knots.count >= 2 else { throw .tooFewKnots(knots.count) }
        guard knots[0].output == .zero else { throw .firstOutputNotZero(knot: labels[0]) }
        guard let frame = fps.reciprocal, fps.isPositive else { throw .tooLarge(knot: labels[0]) }
        for (j, knot) in knots.enumerated() {
            guard knot.source >= .zero else { throw .negativeSource(knot: labels[j]) }
            guard j > 0 else { continue }
            let previous = knots[j - 1]
            guard knot.output > previous.output else { throw .outputNotIncreasing(knot: labels[j]) }
            guard knot.source >= previous.source else { throw .sourceDecreasing(knot: labels[j]) }
            guard let length = knot.output.subtracting(previous.output), let sourceLength = knot.source.subtracting(previous.source),
                sourceLength.multiplied(by: fps) != nil, length.multiplied(by: fps) != nil
            else { throw .tooLarge(knot: labels[j]) }
            guard length >= frame else { throw .segmentTooShort(knot: labels[j], frame: frame) }
        }
        self.knots = knots
        self.labels = labels
    }

    /// The same map validated for output at `fps`, its knots named as they were.
    public func validated(fps: Rational) throws(TimeMapError) -> TimeMap {
        try TimeMap(knots: knots, fps: fps, labels: labels)
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

    /// `s=d,s=d,…` with each time as written in lowest terms.
    public var description: String {
        knots.map { "\($0.source)=\($0.output)" }.joined(separator: ",")
    }

    /// g(t): the output time of source time `t`, linear between knots; at a
    /// freeze, `t` equal to its `s` gives the freeze's first `d`. nil outside
    /// the first and last knots' `s` (that part of the source is left out),
    /// or when the result does not fit in 64-bit terms.
    public func outputTime(at t: Rational) -> Rational? {
        guard t >= sourceStart, t <= sourceEnd, let j = knots.firstIndex(where: { $0.source >= t }) else { return nil }
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
