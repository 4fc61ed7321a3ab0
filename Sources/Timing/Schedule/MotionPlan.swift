/// What `--motion blend` shows in each output frame (SPEC §9), decided as
/// source frames arrive one by one.
///
/// Source frame i lands at `P_i = g(t_i) · fps`, in output frames (so output
/// frame k is at k). Output frame k is the mean of the frames with `P` in
/// `[k, k + 1)` when there are two or more; otherwise it crossfades the frame
/// on screen at k (the last with `P_i ≤ k`) into the next one by
/// `w = (k − q) / (P_i+1 − q)`, q the later of `P_i` and the end of a freeze
/// between them (w = 0 up to q); after the last frame it holds it.
///
/// Frames are numbered in order of arrival. The plan remembers only the few
/// it may still name (`kept`): a mean is summed as its frames arrive.
public struct MotionPlan: Sendable {
    /// A frame that can still be shown as itself.
    private struct Entry: Sendable {
        package let index: Int
        /// Timestamp units after the first frame.
        package let offset: Int64
        /// Where it lands, in output frames.
        package let position: Rational
        /// The end of the latest freeze between the frame before it and this
        /// one, in output frames: a crossfade into it starts there.
        package let freezeEnd: Rational?
    }

    /// N.
    public let frameCount: Int
    /// Where each frame lands.
    private let landing: Landing
    private var origin: Int64?
    private var arrivals = 0
    private var entries: [Entry] = []
    /// The window `[k, k + 1)` of the latest frame, how many frames landed
    /// in it and the first of them.
    private var window = (k: 0, count: 0, first: 0)
    /// Output frames decided so far.
    public private(set) var decided = 0

    /// The plan of frames landing so, for `frameCount` (N) output frames.
    public init(landing: Landing, frameCount: Int) {
        self.landing = landing
        self.frameCount = frameCount
    }

    /// The plan along a time map (SPEC §8): frames after its last knot are
    /// not shown. nil when the times do not fit in 64-bit terms.
    /// - Parameters:
    ///   - timeBase: the unit of the source timestamps, in seconds.
    ///   - frameCount: N = ceil(D · fps).
    public init?(map: TimeMap, fps: Rational, timeBase: Rational, frameCount: Int) {
        guard let landing = Landing(knots: map.knots, fps: fps, timeBase: timeBase) else { return nil }
        self.init(landing: landing, frameCount: frameCount)
    }

    /// The plan of one factor: the one-segment map from `start` to `start + S`.
    /// nil when the times do not fit in 64-bit terms.
    public init?(scale: Retime, fps: Rational, timeBase: Rational, frameCount: Int, start: Rational = .zero) {
        guard let landing = Landing(retiming: .factor(scale, start: start), fps: fps, timeBase: timeBase) else { return nil }
        self.init(landing: landing, frameCount: frameCount)
    }

    /// True once every output frame is decided; later frames cannot show.
    public var isComplete: Bool { decided >= frameCount }

    /// The frames a later step may name; the others can be let go.
    public var kept: [Int] { entries.map(\.index) }

    /// Frame number `arrivals` arrives at `timestamp` (in presentation
    /// order). Returns what to do now, or nil when its time does not fit in
    /// 64-bit terms. A frame not later than the one before is left out,
    /// except at the start, where the last frame at or before the first
    /// knot stands for all of them.
    public mutating func arrive(timestamp: Int64) -> [FrameSchedule.Step]? {
        guard !isComplete else { return [] }
        let index = arrivals
        arrivals += 1
        let zero = origin ?? timestamp
        origin = zero
        let (offset, overflow) = timestamp.subtractingReportingOverflow(zero)
        guard !overflow else { return nil }
        guard !landing.isPastEnd(offset) else { return finish() }
        guard let position = landing.position(of: offset) else { return nil }
        if let last = entries.last, position <= last.position {
            if position == .zero {
                entries[entries.count - 1] = Entry(index: index, offset: offset, position: position, freezeEnd: last.freezeEnd)
                window.first = index
            }
            return []
        }
        let held = entries.last.flatMap { landing.freezeEnd(from: $0.offset, to: offset) }
        entries.append(Entry(index: index, offset: offset, position: position, freezeEnd: held))
        var steps: [FrameSchedule.Step] = []
        while decided < frameCount, Rational(Int64(decided + 1), 1)! <= position {
            guard let picture = picture(at: decided) else { return nil }
            show(picture, at: decided, in: &steps)
        }
        dropUnseen()
        guard !isComplete else { return steps }
        let k = Self.floor(position)
        if k != window.k || entries.count == 1 {
            window = (k, 1, index)
        } else {
            window.count += 1
            if window.count == 2 {
                steps.append(.sum(window.first, index))
            } else {
                steps.append(.add(index))
                // Between the window's first and last, a frame is only ever part of its mean.
                entries.remove(at: entries.count - 2)
            }
        }
        return steps
    }

    /// The source has ended: the remaining output frames are decided, the
    /// last frame held after it. nil when a time does not fit in 64-bit terms.
    public mutating func finish() -> [FrameSchedule.Step]? {
        var steps: [FrameSchedule.Step] = []
        guard !entries.isEmpty else { return steps }
        while decided < frameCount {
            guard let picture = picture(at: decided) else { return nil }
            show(picture, at: decided, in: &steps)
        }
        return steps
    }

    /// Appends output frame k, joined to the step before when it shows the same frame.
    private mutating func show(_ picture: FrameSchedule.Picture, at k: Int, in steps: inout [FrameSchedule.Step]) {
        decided = k + 1
        if case .frame = picture, case .show(let frames, let last)? = steps.last, last == picture, frames.upperBound == k {
            steps[steps.count - 1] = .show(frames: frames.lowerBound..<k + 1, picture: picture)
        } else {
            steps.append(.show(frames: k..<k + 1, picture: picture))
        }
    }

    /// What output frame k shows, from the frames arrived so far, all those
    /// landing before k + 1 among them.
    private func picture(at k: Int) -> FrameSchedule.Picture? {
        if window.k == k, window.count >= 2 { return .mean(count: window.count) }
        let now = Rational(Int64(k), 1)!
        let on = entries.lastIndex(where: { $0.position <= now }) ?? 0
        guard on + 1 < entries.count else { return .frame(entries[on].index) }
        let shown = entries[on]
        let next = entries[on + 1]
        let from = max(shown.position, next.freezeEnd ?? shown.position)
        guard now > from else { return .frame(shown.index) }
        guard let into = now.subtracting(from), let span = next.position.subtracting(from),
            let weight = into.divided(by: span)
        else { return nil }
        return .inBetween(from: shown.index, to: next.index, weight: weight)
    }

    /// Lets go of the frames before the one on screen at the first undecided output frame.
    private mutating func dropUnseen() {
        let now = Rational(Int64(decided), 1)!
        if let on = entries.lastIndex(where: { $0.position <= now }), on > 0 { entries.removeFirst(on) }
    }

    private static func floor(_ value: Rational) -> Int {
        let q = value.numerator / value.denominator
        return Int(value.numerator % value.denominator < 0 ? q - 1 : q)
    }
}
