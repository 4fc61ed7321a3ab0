/// `--motion blend` and `flow` (SPEC §9): follows a MotionPlan, converting
/// each source frame it takes once to the encoder's format and holding only
/// the frames a step may still name. Frames shown as they are and the
/// means of fast stretches are made by a PictureBlender; a crossfade's
/// picture comes from the InBetweenPictures backend, which may make it
/// later (minterpolate needs the picture after): the plan's steps wait in
/// order until their pictures are made, so the count and timing are the plan's.
final class MovingPictures: PictureStage {
    private var plan: MotionPlan
    private let adapter: PictureAdapter
    private let blender: PictureBlender
    private let inBetweens: InBetweenPictures
    /// Converted source frames a waiting step or the plan may still name, by arrival number.
    private var frames: [Int: Frame] = [:]
    /// The plan's steps not yet done, in order.
    private var waiting: [MotionPlan.Step] = []
    private var arrivals = 0

    init(plan: MotionPlan, adapter: PictureAdapter, blender: PictureBlender, inBetweens: InBetweenPictures) {
        self.plan = plan
        self.adapter = adapter
        self.blender = blender
        self.inBetweens = inBetweens
    }

    var isComplete: Bool { plan.isComplete }

    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, Frame) throws -> Void) throws {
        let index = arrivals
        arrivals += 1
        guard let steps = plan.arrive(timestamp: timestamp) else { throw ScaleError.impossibleTarget }
        waiting += steps
        let newest = plan.newest.flatMap { $0.index == index ? $0 : nil }
        if newest != nil || plan.kept.contains(index) || names(index) {
            let picture = try Frame(referringTo: adapter.adapt(frame))
            frames[index] = picture
            if let newest { try inBetweens.add(picture, at: newest.position, after: newest.freezeEnd) }
        }
        try run(emit: emit)
        frames = frames.filter { plan.kept.contains($0.key) || names($0.key) }
    }

    func finish(emit: (Range<Int>, Frame) throws -> Void) throws {
        guard let steps = plan.finish() else { throw ScaleError.impossibleTarget }
        waiting += steps
        try inBetweens.finish()
        try run(emit: emit)
        guard waiting.isEmpty else { throw ScaleError.failed("an in-between picture was never made") }
    }

    /// Does the waiting steps in order, up to the first whose picture is not
    /// made yet; then tells the backend which output frames are done with.
    private func run(emit: (Range<Int>, Frame) throws -> Void) throws {
        while let step = waiting.first {
            switch step {
            case .sum(let a, let b): blender.startSum(try frame(a), try frame(b))
            case .add(let j): blender.add(try frame(j))
            case .show(let range, .frame(let i)): try emit(range, frame(i))
            case .show(let range, .crossfade(let a, let b, let weight)):
                guard let picture = try inBetweens.picture(range.lowerBound, between: frame(a), and: frame(b), weight: weight)
                else { return }
                try emit(range, picture)
            case .show(let range, .mean(let count)): try emit(range, blender.mean(count: count))
            }
            waiting.removeFirst()
        }
        try inBetweens.letGo(before: plan.decided)
    }

    /// Whether a waiting step names frame `index`.
    private func names(_ index: Int) -> Bool {
        waiting.contains { step in
            switch step {
            case .sum(let a, let b), .show(_, .crossfade(let a, let b, _)): a == index || b == index
            case .add(let j), .show(_, .frame(let j)): j == index
            case .show(_, .mean): false
            }
        }
    }

    private func frame(_ index: Int) throws -> Frame {
        guard let frame = frames[index] else { throw ScaleError.failed("a frame to show was let go too early") }
        return frame
    }
}
