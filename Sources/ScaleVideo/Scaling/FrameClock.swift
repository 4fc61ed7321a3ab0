/// The repeat/skip decisions of SPEC §4: output frame k, at k / fps, shows
/// the last source frame whose scaled time f · t is at or before k / fps.
///
/// Source frames arrive in presentation order with their timestamps; the
/// clock answers which output frames the frame that was on screen until
/// then must fill. Times are compared exactly, in integers.
public struct FrameClock: Sendable {
    /// N, the number of output frames.
    public let frameCount: Int
    /// Output ticks per source timestamp unit: f · fps · timeBase.
    private let ticksPerUnit: Rational
    /// Output ticks of the source before the part scaled: f · fps · start.
    private let startTicks: Rational
    private var origin: Int64?
    /// Output frames decided so far.
    public private(set) var decided = 0

    /// - Parameters:
    ///   - factor: f, the time-scale factor.
    ///   - fps: the output frame rate.
    ///   - timeBase: the unit of the source timestamps, in seconds.
    ///   - frameCount: N.
    ///   - start: seconds after the first frame where the scaled part
    ///     begins; the frame on screen then is output frame 0.
    public init?(factor: Rational, fps: Rational, timeBase: Rational, frameCount: Int, start: Rational = .zero) {
        guard frameCount > 0, let perSecond = factor.multiplied(by: fps),
            let ticks = perSecond.multiplied(by: timeBase), let startTicks = perSecond.multiplied(by: start)
        else { return nil }
        self.ticksPerUnit = ticks
        self.startTicks = startTicks
        self.frameCount = frameCount
    }

    /// True once every output frame is decided; later source frames cannot show.
    public var isComplete: Bool { decided >= frameCount }

    /// The first output frame at or after the scaled time of `timestamp`,
    /// clamped to 0...N. The first timestamp seen is time 0.
    public mutating func firstTick(of timestamp: Int64) -> Int {
        let zero = origin ?? timestamp
        origin = zero
        return tick(of: timestamp, from: zero)
    }

    /// Whether a source frame at `timestamp`, followed on screen by one at
    /// `next`, would fill no output frame. False until the first frame has
    /// arrived. `next` may be any later timestamp at or after the true
    /// successor's: a frame hidden before a later one is hidden before an
    /// earlier one too. A hidden frame need not even be decoded.
    public func hides(_ timestamp: Int64, before next: Int64) -> Bool {
        guard let origin, timestamp > origin, next > timestamp else { return false }
        return tick(of: timestamp, from: origin) == tick(of: next, from: origin)
    }

    private func tick(of timestamp: Int64, from zero: Int64) -> Int {
        let offset = timestamp.subtractingReportingOverflow(zero)
        guard !offset.overflow, offset.partialValue > 0 else { return 0 }
        let tick = ticksPerUnit.ceilOfProduct(with: offset.partialValue, minus: startTicks)
        return Int(min(max(tick, 0), Int128(frameCount)))
    }

    /// A source frame with `timestamp` arrives. Returns the output frames
    /// that the frame on screen until now fills (empty when it is skipped, or
    /// when this is the first frame).
    public mutating func arrive(timestamp: Int64) -> Range<Int> {
        let isFirst = origin == nil
        let tick = firstTick(of: timestamp)
        guard !isFirst, tick > decided else { return decided..<decided }
        defer { decided = tick }
        return decided..<tick
    }

    /// The source has ended: the frame on screen is held to the end.
    public mutating func finish() -> Range<Int> {
        guard origin != nil else { return decided..<decided }
        defer { decided = frameCount }
        return decided..<frameCount
    }
}
