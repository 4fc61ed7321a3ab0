/// `--motion flow` (SPEC §9): follows a MotionPlan as BlendedPictures does,
/// but an output frame the plan crossfades between two source frames is
/// instead the MotionInterpolator's motion-compensated picture at that
/// instant. Frames shown as they are and the means of fast stretches are the
/// plan's own, so the count and timing are the plan's.
///
/// Each frame the plan takes is given to the interpolator at its position (a
/// frame landing at 0 once the next one shows it is the last there); after a
/// freeze, the frame before it again at the freeze's end. The interpolator
/// makes the pictures between two frames once it has the next one, so the
/// plan's steps wait in order until their pictures are made.
final class FlowPictures: PictureStage {
    private var plan: MotionPlan
    private let adapter: PictureAdapter
    private let blender: PictureBlender
    private let interpolator: MotionInterpolator
    /// Converted source frames a waiting step or the plan may still name, by arrival number.
    private var frames: [Int: Frame] = [:]
    /// The plan's steps not yet done, in order.
    private var waiting: [MotionPlan.Step] = []
    /// The latest frame landing at 0, given to the interpolator once a later one lands.
    private var atStart: Frame?
    private var arrivals = 0

    init(plan: MotionPlan, adapter: PictureAdapter, blender: PictureBlender) throws {
        self.plan = plan
        self.adapter = adapter
        self.blender = blender
        interpolator = try MotionInterpolator(denominator: plan.positionDenominator, frameCount: plan.frameCount)
    }

    var isComplete: Bool { plan.isComplete }

    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, Frame) throws -> Void) throws {
        let index = arrivals
        arrivals += 1
        guard let steps = plan.arrive(timestamp: timestamp) else { throw ScaleError.impossibleTarget }
        waiting += steps
        let newest = plan.newest.flatMap { $0.index == index ? $0 : nil }
        if newest != nil || names(index) {
            let picture = try Frame(referringTo: adapter.adapt(frame))
            frames[index] = picture
            if let newest { try give(picture, at: newest.position, after: newest.freezeEnd) }
        }
        try run(emit: emit)
        frames = frames.filter { plan.kept.contains($0.key) || names($0.key) }
    }

    func finish(emit: (Range<Int>, Frame) throws -> Void) throws {
        guard let steps = plan.finish() else { throw ScaleError.impossibleTarget }
        waiting += steps
        try interpolator.finish()
        try run(emit: emit)
        guard waiting.isEmpty else { throw ScaleError.failed("minterpolate did not make every in-between picture") }
    }

    private func give(_ picture: Frame, at position: Rational, after freezeEnd: Rational?) throws {
        if position == .zero {
            atStart = picture
            return
        }
        if let first = atStart {
            try interpolator.add(first, at: 0)
            atStart = nil
        }
        if let freezeEnd { try interpolator.hold(until: interpolator.ticks(of: freezeEnd)) }
        try interpolator.add(picture, at: interpolator.ticks(of: position))
    }

    /// Does the waiting steps in order, up to the first whose picture is not
    /// made yet; the interpolator's frames no step needs are let go as it goes,
    /// so that a fast stretch, all means, does not pile them up.
    private func run(emit: (Range<Int>, Frame) throws -> Void) throws {
        while let step = waiting.first {
            switch step {
            case .sum(let a, let b): blender.startSum(try frame(a), try frame(b))
            case .add(let j): blender.add(try frame(j))
            case .show(let range, .frame(let i)): try emit(range, frame(i))
            case .show(let range, .crossfade):
                guard let picture = try interpolator.picture(at: range.lowerBound) else { return }
                try emit(range, picture)
            case .show(let range, .mean(let count)): try emit(range, blender.mean(count: count))
            }
            waiting.removeFirst()
        }
        try interpolator.letGo(before: plan.decided)
    }

    /// Whether a waiting step names frame `index`.
    private func names(_ index: Int) -> Bool {
        waiting.contains { step in
            switch step {
            case .sum(let a, let b): a == index || b == index
            case .add(let j), .show(_, .frame(let j)): j == index
            case .show: false
            }
        }
    }

    private func frame(_ index: Int) throws -> Frame {
        guard let frame = frames[index] else { throw ScaleError.failed("a frame to show was let go too early") }
        return frame
    }
}
