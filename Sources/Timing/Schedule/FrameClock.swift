/// The repeat/skip decisions of SPEC §4 and §8: output frame k, at k / fps,
/// shows the last source frame whose mapped time g(t) is at or before
/// k / fps. With one factor f, g(t) = f · (t − start); along a time map, g
/// is the map, and the frame on screen at its first knot arrives at 0.
///
/// Source frames arrive in presentation order with their timestamps; the
/// clock answers which output frames the frame that was on screen until
/// then must fill. Times are compared exactly, in integers.
public struct FrameClock: Sendable {
    /// N, the number of output frames.
    public let frameCount: Int
    /// Where each frame lands.
    private let landing: Landing
    private var origin: Int64?
    /// Output frames decided so far.
    public private(set) var decided = 0
    /// The first output frame wanted: where only a run of the output is
    /// made (a preview, a still), frames that fill only earlier ones are
    /// hidden too, and decoding may resume at the one on screen there.
    public var firstWanted = 0

    /// The clock of frames landing so, for `frameCount` (N) output frames.
    public init?(landing: Landing, frameCount: Int) {
        guard frameCount > 0 else { return nil }
        self.landing = landing
        self.frameCount = frameCount
    }

    /// The clock of one factor: the one-segment map from `start` to where
    /// it reaches output frame N (a frame later than that fills no output
    /// frame, as along the factor's map to any later end).
    /// - Parameters:
    ///   - factor: f, the time-scale factor.
    ///   - fps: the output frame rate.
    ///   - timeBase: the unit of the source timestamps, in seconds.
    ///   - frameCount: N.
    ///   - start: seconds after the first frame where the scaled part
    ///     begins; the frame on screen then is output frame 0.
    public init?(factor: Rational, fps: Rational, timeBase: Rational, frameCount: Int, start: Rational = .zero) {
        guard let frames = Rational(Int64(frameCount), 1), let duration = frames.divided(by: fps),
            let scale = duration.divided(by: factor).flatMap({ Retime(sourceDuration: $0, target: .factor(factor)) }),
            let landing = Landing(retiming: .factor(scale, start: start), fps: fps, timeBase: timeBase)
        else { return nil }
        self.init(landing: landing, frameCount: frameCount)
    }

    /// The clock of a time map: frames after its last knot's `s` are not shown.
    /// - Parameters:
    ///   - map: the map, times in seconds after the first frame.
    ///   - fps: the output frame rate.
    ///   - timeBase: the unit of the source timestamps, in seconds.
    ///   - frameCount: N = ceil(D · fps).
    public init?(map: TimeMap, fps: Rational, timeBase: Rational, frameCount: Int) {
        guard let landing = Landing(knots: map.knots, fps: fps, timeBase: timeBase) else { return nil }
        self.init(landing: landing, frameCount: frameCount)
    }

    /// True once every output frame is decided; later source frames cannot show.
    public var isComplete: Bool { decided >= frameCount }

    /// The first output frame at or after the mapped time of `timestamp`,
    /// clamped to 0...N. The first timestamp seen is time 0.
    public mutating func firstTick(of timestamp: Int64) -> Int {
        let zero = origin ?? timestamp
        origin = zero
        return tick(of: timestamp, from: zero)
    }

    /// Whether a source frame at `timestamp`, followed on screen by one at
    /// `next`, would fill no output frame from `firstWanted` on. False
    /// until the first frame has arrived. `next` may be any later timestamp
    /// at or after the true successor's: a frame hidden before a later one
    /// is hidden before an earlier one too. A hidden frame need not even be
    /// decoded.
    public func hides(_ timestamp: Int64, before next: Int64) -> Bool {
        guard let origin, timestamp > origin, next > timestamp else { return false }
        return wantedTick(of: timestamp, from: origin) == wantedTick(of: next, from: origin)
    }

    /// Whether a source frame at `timestamp`, followed on screen by one at
    /// `next`, goes off screen by output frame `firstWanted`: what a blend
    /// or a flow, which may need every frame after, can leave out. False
    /// until the first frame has arrived.
    public func precedesWanted(_ timestamp: Int64, before next: Int64) -> Bool {
        guard let origin, timestamp > origin, next > timestamp else { return false }
        return tick(of: next, from: origin) <= firstWanted
    }

    /// The latest timestamp whose frame would arrive at the same output
    /// frame as one at `timestamp` (before `firstWanted`, all arrive at
    /// it): whichever frame is on screen at that timestamp, the one shown
    /// next is at or before it. Nil before the first frame has arrived, or
    /// when no output frame is due after it.
    public func latestTimestamp(arrivingWith timestamp: Int64) -> Int64? {
        guard let origin else { return nil }
        let due = wantedTick(of: timestamp, from: origin)
        var low = timestamp
        var high = timestamp.addingReportingOverflow(Self.searchSpan)
        guard due < frameCount, !high.overflow, wantedTick(of: high.partialValue, from: origin) > due else { return nil }
        while high.partialValue - low > 1 {
            let middle = low + (high.partialValue - low) / 2
            if wantedTick(of: middle, from: origin) == due { low = middle } else { high.partialValue = middle }
        }
        return low
    }

    /// How far past a timestamp `latestTimestamp` looks, in its units.
    private static let searchSpan: Int64 = 1 << 48

    /// The output frame a frame at `timestamp` arrives at, frames before `firstWanted` counted at it.
    private func wantedTick(of timestamp: Int64, from zero: Int64) -> Int { max(tick(of: timestamp, from: zero), firstWanted) }

    private func tick(of timestamp: Int64, from zero: Int64) -> Int {
        let offset = timestamp.subtractingReportingOverflow(zero)
        guard !offset.overflow else { return 0 }
        return landing.tick(of: offset.partialValue, frameCount: frameCount)
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
