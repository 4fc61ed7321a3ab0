/// The part of a source a job scales: from `start` to `end` seconds of its
/// time line, which begins at the first frame (or, without video, at the
/// first sample).
public struct Trim: Sendable, Equatable, Codable {
    /// Seconds from the start of the time line; 0 for the beginning.
    public var start: Rational
    /// nil: to the source's end.
    public var end: Rational?

    /// The whole source.
    public static let whole = Trim(start: .zero, end: nil)

    /// From `start` to `end` seconds; by default from the beginning to the end.
    public init(start: Rational = .zero, end: Rational? = nil) {
        self.start = start
        self.end = end
    }

    /// Whether this is the whole source.
    public var isWhole: Bool { self == .whole }

    /// The scaled part's duration in a source lasting `duration`: from
    /// `start` to `end` or the source's end, whichever comes first; nil when
    /// nothing of the source is left.
    public func duration(within duration: Rational) -> Rational? {
        let stop = end.map { min($0, duration) } ?? duration
        guard let span = stop.subtracting(start), span.isPositive else { return nil }
        return span
    }

    /// The sample range `start ..< end` at `rate` samples per second, each
    /// bound rounded to the nearest sample; `end` nil for the source's end.
    public func samples(rate: Int, duration: Rational) -> (start: Int, end: Int?) {
        let first = Int(start.ticks(per: Int64(rate)))
        guard let end, end < duration else { return (first, nil) }
        return (first, Int(end.ticks(per: Int64(rate))))
    }
}
