/// What makes each output frame of a video lane, asked once (SPEC §4, §8,
/// §9, §13): the one value the lane follows, the source's reader asks
/// which frames to decode, and the picture stage takes its steps from.
/// Source frames are numbered in the order they arrive.
///
/// It is built for one of three ways through the source. In the first two
/// the frames arrive in presentation order (along a map that only falls,
/// last first on a time line turned round) and each lands where one
/// Landing says, the map's arithmetic worked out once for both:
/// - `held` (`--motion nearest`, the map never falling, straight lines):
///   the frame clock (FrameClock) tells which output frames the frame
///   before each fills; the frames it hides need not be decoded.
/// - `moving` (`--motion blend` or `flow`): the MotionPlan tells what each
///   output frame shows; where only a late run of the output is made, the
///   frames off screen by its first output frame need not be decoded (the
///   clock).
/// - `picked` (`--motion nearest` along a map that falls or runs as the
///   smooth curve): the frames arrive in the order the output shows them,
///   one for each run of output frames (FramePicks), read a key-frame
///   interval at a time where they lie.
public final class FrameSchedule {
    /// An output picture made of arrived frames.
    public enum Picture: Equatable, Sendable {
        /// Frame i as it is.
        case frame(Int)
        /// The picture `weight` of the way from `from` to `to`, weight in
        /// (0, 1): under blend their crossfade, `(1 − weight) · from +
        /// weight · to`; under flow, the optical flow's picture of that instant.
        case inBetween(from: Int, to: Int, weight: Rational)
        /// The running sum of `count` frames, divided by `count`; the sum starts afresh after.
        case mean(count: Int)
    }

    /// What to do, in order, when a frame arrives or the source ends.
    public enum Step: Equatable, Sendable {
        /// Start the running sum with these two frames.
        case sum(Int, Int)
        /// Add this frame to the running sum.
        case add(Int)
        /// Output frames `frames` show `picture`.
        case show(frames: Range<Int>, picture: Picture)
    }

    private enum Way {
        case held(FrameClock)
        /// The clock, where only frames off screen by its first wanted output frame are left undecoded.
        case moving(MotionPlan, skipping: FrameClock?)
        case picked([FramePicks.Run])
    }

    private var way: Way
    private var arrivals = 0

    /// `--motion nearest` in presentation order, along `clock` (whose
    /// `firstWanted` says where the output frames made start).
    public init(holding clock: FrameClock) { way = .held(clock) }

    /// `--motion blend` or `flow` along `plan`; `skipping`, where only a
    /// late run of the output is made, the clock whose `firstWanted` is its
    /// first output frame (the pictures shown only before it are left out
    /// of the steps, so that no flow is found for them).
    public init(moving plan: MotionPlan, skipping: FrameClock?) { way = .moving(plan, skipping: skipping) }

    /// `--motion nearest`, the frames arriving in the order of `runs`.
    package init(picking runs: [FramePicks.Run]) { way = .picked(runs) }

    /// Every output frame is decided; later frames cannot show.
    public var isComplete: Bool {
        switch way {
        case .held(let clock): clock.isComplete
        case .moving(let plan, _): plan.isComplete
        case .picked(let runs): arrivals >= runs.count
        }
    }

    /// Whether the reader may leave frames out (`shown`): not where every
    /// frame from the first is needed, nor where it reads them picked.
    public var selectsFrames: Bool {
        switch way {
        case .held: true
        case .moving(_, let skipping): skipping != nil
        case .picked: false
        }
    }

    /// Whether the frames arrive in the order the output shows them (picked), not in presentation order.
    public var readsInOutputOrder: Bool {
        if case .picked = way { return true }
        return false
    }

    /// The frames `init(picking:…)` reads, by their place in presentation order, in the order it reads them.
    public var pickedFrames: [Int] {
        guard case .picked(let runs) = way else { return [] }
        return runs.map(\.frame)
    }

    /// The frames a later step may still name, by arrival number; the others can be let go.
    public var kept: [Int] {
        switch way {
        case .held, .picked: arrivals > 0 ? [arrivals - 1] : []
        case .moving(let plan, _): plan.kept
        }
    }

    /// The next frame arrives at `timestamp`: what to do now; nil when its
    /// time does not fit in 64-bit terms.
    public func arrive(timestamp: Int64) -> [Step]? {
        let index = arrivals
        arrivals += 1
        switch way {
        case .held(var clock):
            let filled = clock.arrive(timestamp: timestamp)
            way = .held(clock)
            return index > 0 && !filled.isEmpty ? [.show(frames: filled, picture: .frame(index - 1))] : []
        case .moving(var plan, var skipping):
            _ = skipping?.arrive(timestamp: timestamp)
            let steps = plan.arrive(timestamp: timestamp)
            way = .moving(plan, skipping: skipping)
            return steps.map { Self.made($0, from: skipping?.firstWanted ?? 0) }
        case .picked(let runs):
            return index < runs.count ? [.show(frames: runs[index].outputs, picture: .frame(index))] : []
        }
    }

    /// The source has ended: the remaining output frames, the last frame
    /// held after it; nil when a time does not fit in 64-bit terms, or
    /// when frames picked to be shown never came.
    public func finish() -> [Step]? {
        switch way {
        case .held(var clock):
            let filled = clock.finish()
            way = .held(clock)
            return arrivals > 0 && !filled.isEmpty ? [.show(frames: filled, picture: .frame(arrivals - 1))] : []
        case .moving(var plan, let skipping):
            let steps = plan.finish()
            way = .moving(plan, skipping: skipping)
            return steps.map { Self.made($0, from: skipping?.firstWanted ?? 0) }
        case .picked(let runs):
            return arrivals >= runs.count ? [] : nil
        }
    }

    /// Whether each frame of `timestamps` (one key-frame interval, or a part
    /// of one, in any order) is to be decoded; `following` is the next
    /// interval's key frame, nil where it is not known or the stream ends.
    /// A frame is left out where the clock hides it before its successor on
    /// screen (the next timestamp of its interval, or the next interval's
    /// key frame: any later timestamp will do, as FrameClock.hides says);
    /// moving, only where it goes off screen by the first output frame made.
    /// Until the first frame has arrived, nothing is left out.
    public func shown(_ timestamps: [Int64], followedBy following: Int64?) -> [Bool] {
        let clock: FrameClock
        let everyFrame: Bool
        switch way {
        case .held(let held): (clock, everyFrame) = (held, false)
        case .moving(_, let skipping?): (clock, everyFrame) = (skipping, true)
        case .moving(_, nil), .picked: return timestamps.map { _ in true }
        }
        let order = timestamps.sorted()
        return timestamps.map { stamp in
            let index = Self.firstIndex(in: order, after: stamp)
            let successor = index < order.count ? order[index] : following.flatMap { $0 > stamp ? $0 : nil }
            return successor.map { everyFrame ? !clock.precedesWanted(stamp, before: $0) : !clock.hides(stamp, before: $0) } ?? true
        }
    }

    /// After an interval none of whose frames is shown, followed by a key
    /// frame at `timestamp`: the latest timestamp decoding may resume from
    /// without missing a frame shown (FrameClock.latestTimestamp: the frames
    /// between arrive with it, so they are hidden too); nil when that is not known.
    public func resumption(after timestamp: Int64) -> Int64? {
        switch way {
        case .held(let clock), .moving(_, let clock?): clock.latestTimestamp(arrivingWith: timestamp)
        case .moving(_, nil), .picked: nil
        }
    }

    /// The steps of the output frames made, those from `firstWanted` on: a
    /// frame or an in-between shown only before it is not made (a mean is,
    /// which closes its running sum).
    private static func made(_ steps: [Step], from firstWanted: Int) -> [Step] {
        steps.filter { step in
            guard case .show(let frames, let picture) = step, frames.upperBound <= firstWanted else { return true }
            if case .mean = picture { return true }
            return false
        }
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
