/// Which frames of a video stream are shown (SPEC §4, §8): the one place
/// that decides, asking the lane's one frame clock, which it owns. The
/// nearest-frame stage takes from it the output frames each arriving frame
/// fills; the source asks it which frames of a key-frame interval are shown,
/// so as to decode only what they need, and where decoding may resume past
/// an interval left out.
///
/// A frame is shown unless the clock hides it before its successor on
/// screen: the next timestamp of its interval, or the next interval's key
/// frame (any later timestamp will do, as FrameClock.hides says). Until the
/// first frame has arrived, nothing is hidden. Past an interval left out,
/// decoding may resume at the latest key frame at or before the last frame
/// arriving with the next key frame (FrameClock.latestTimestamp): the
/// frames between arrive with it, so they are hidden too.
public final class ShownFrames {
    /// The lane's clock. Whether a frame is hidden depends only on where its
    /// time line starts, which the first frame arriving sets.
    private var clock: FrameClock
    /// Whether every frame from the clock's first wanted output frame on is
    /// needed (a blend or a flow, which makes its own pictures), not only
    /// those the clock shows.
    private let needsEveryFrame: Bool

    /// - Parameter needsEveryFrame: true for a blend or a flow: only the
    ///   frames off screen by the clock's first wanted output frame are hidden.
    public init(clock: FrameClock, needsEveryFrame: Bool = false) {
        self.clock = clock
        self.needsEveryFrame = needsEveryFrame
    }

    /// Every output frame is decided; later frames cannot show.
    public var isComplete: Bool { clock.isComplete }

    /// A frame arrives at `timestamp`: the output frames the frame on
    /// screen until now fills (FrameClock.arrive).
    public func arrive(timestamp: Int64) -> Range<Int> { clock.arrive(timestamp: timestamp) }

    /// The stream has ended: the output frames the last frame fills.
    public func finish() -> Range<Int> { clock.finish() }

    /// Whether each frame of `timestamps` (one key-frame interval, or a part
    /// of one, in any order) is shown; `following` is the next interval's
    /// key frame, nil where it is not known or the stream ends.
    public func shown(_ timestamps: [Int64], followedBy following: Int64?) -> [Bool] {
        let order = timestamps.sorted()
        return timestamps.map { stamp in
            let index = Self.firstIndex(in: order, after: stamp)
            let successor = index < order.count ? order[index] : following.flatMap { $0 > stamp ? $0 : nil }
            return successor.map { needsEveryFrame ? !clock.precedesWanted(stamp, before: $0) : !clock.hides(stamp, before: $0) } ?? true
        }
    }

    /// After an interval none of whose frames is shown, followed by a key
    /// frame at `timestamp`: the latest timestamp decoding may resume from
    /// without missing a frame shown; nil when that is not known.
    public func resumption(after timestamp: Int64) -> Int64? {
        clock.latestTimestamp(arrivingWith: timestamp)
    }

    /// The index of the first value above `value` in ascending `order`.
    private static func firstIndex(in order: [Int64], after value: Int64) -> Int {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
