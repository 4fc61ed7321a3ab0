/// `--motion blend` (SPEC §9): follows a MotionPlan, converting each source
/// frame it names once to the encoder's format and holding only the frames
/// the plan keeps; crossfades and means are made by a PictureBlender.
final class BlendedPictures: PictureStage {
    private var plan: MotionPlan
    private let adapter: PictureAdapter
    private let blender: PictureBlender
    /// Converted source frames the plan may still name, by arrival number.
    private var frames: [Int: Frame] = [:]
    private var arrivals = 0

    init(plan: MotionPlan, adapter: PictureAdapter, blender: PictureBlender) {
        self.plan = plan
        self.adapter = adapter
        self.blender = blender
    }

    var isComplete: Bool { plan.isComplete }

    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, Frame) throws -> Void) throws {
        let index = arrivals
        arrivals += 1
        guard let steps = plan.arrive(timestamp: timestamp) else { throw ScaleError.impossibleTarget }
        let named = steps.contains { step in
            switch step {
            case .sum(_, let j), .add(let j): j == index
            case .show: false
            }
        }
        if named || plan.kept.contains(index) { frames[index] = try Frame(referringTo: adapter.adapt(frame)) }
        try run(steps, emit: emit)
        frames = frames.filter { plan.kept.contains($0.key) }
    }

    func finish(emit: (Range<Int>, Frame) throws -> Void) throws {
        guard let steps = plan.finish() else { throw ScaleError.impossibleTarget }
        try run(steps, emit: emit)
    }

    private func run(_ steps: [MotionPlan.Step], emit: (Range<Int>, Frame) throws -> Void) throws {
        for step in steps {
            switch step {
            case .sum(let a, let b): blender.startSum(try frame(a), try frame(b))
            case .add(let j): blender.add(try frame(j))
            case .show(let range, .frame(let i)): try emit(range, frame(i))
            case .show(let range, .crossfade(let a, let b, let weight)):
                try emit(range, blender.crossfade(frame(a), frame(b), weight: weight))
            case .show(let range, .mean(let count)): try emit(range, blender.mean(count: count))
            }
        }
    }

    private func frame(_ index: Int) throws -> Frame {
        guard let frame = frames[index] else { throw ScaleError.failed("a frame to blend was let go too early") }
        return frame
    }
}
