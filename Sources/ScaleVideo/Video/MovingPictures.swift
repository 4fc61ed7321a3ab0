/// `--motion blend` and `flow` (SPEC §9): takes the lane's FrameSchedule's steps, converting
/// each source frame it takes once to the encoder's format and holding only
/// the frames a step may still name. Frames shown as they are and the
/// means of fast stretches are made by a PictureBlender; an in-between
/// picture comes from the InBetweenPictures backend (the crossfade, or the
/// optical flow's picture of the instant). The plan's steps are done
/// in order, so the count and timing are the plan's. Where the backend
/// looks ahead (flow), the steps from the first that names the newest frame
/// wait for the next frame, and the pair of their first in-between is named
/// to the backend before the steps before them are done (so that its flows
/// are found while the last pair's pictures are made).
final class MovingPictures: PictureStage {
    private let adapter: PictureAdapter
    private let blender: PictureBlender
    private let inBetweens: InBetweenPictures
    /// Converted source frames a waiting step or the plan may still name, by arrival number.
    private var frames: [Int: Frame] = [:]
    /// The plan's steps not yet done, in order.
    private var waiting: [FrameSchedule.Step] = []
    private var arrivals = 0

    init(adapter: PictureAdapter, blender: PictureBlender, inBetweens: InBetweenPictures) {
        self.adapter = adapter
        self.blender = blender
        self.inBetweens = inBetweens
    }

    func arrive(_ frame: Frame, steps: [FrameSchedule.Step], kept: [Int], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        let index = arrivals
        arrivals += 1
        waiting += steps
        if kept.contains(index) || names(index) {
            frames[index] = try Frame(referringTo: adapter.adapt(frame))
        }
        try run(emit: emit, holdingBack: inBetweens.looksAhead ? index : nil)
        frames = frames.filter { kept.contains($0.key) || names($0.key) }
    }

    func finish(_ steps: [FrameSchedule.Step], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        waiting += steps
        try run(emit: emit)
    }

    /// Does the waiting steps in order, and lets go of those done (at once:
    /// an arrival can decide hundreds of thousands of slow-motion frames);
    /// with `newest`, only those before the first that names that frame,
    /// once the pair of the first in-between from there is named ahead.
    private func run(emit: (Range<Int>, () throws -> Frame) throws -> Void, holdingBack newest: Int? = nil) throws {
        let held = newest.flatMap { index in waiting.firstIndex { Self.step($0, names: index) } } ?? waiting.count
        for step in waiting[held...] {
            if case .show(_, .inBetween(let a, let b, _)) = step {
                try inBetweens.prepare(ahead: frame(a), frame(b))
                break
            }
        }
        var done = 0
        defer { waiting.removeFirst(done) }
        for step in waiting[..<held] {
            switch step {
            case .sum(let a, let b): blender.startSum(try frame(a), try frame(b))
            case .add(let j): blender.add(try frame(j))
            case .show(let range, .frame(let i)): try emit(range, { try self.frame(i) })
            case .show(let range, .inBetween(let a, let b, let weight)):
                try emit(range, { try self.inBetweens.picture(between: self.frame(a), and: self.frame(b), weight: weight) })
            case .show(let range, .mean(let count)):
                // Made whether looked at or not: it closes the running sum.
                let mean = try blender.mean(count: count)
                try emit(range, { mean })
            }
            done += 1
        }
    }

    /// Whether a waiting step names frame `index`.
    private func names(_ index: Int) -> Bool {
        waiting.contains { Self.step($0, names: index) }
    }

    private static func step(_ step: FrameSchedule.Step, names index: Int) -> Bool {
        switch step {
        case .sum(let a, let b), .show(_, .inBetween(let a, let b, _)): a == index || b == index
        case .add(let j), .show(_, .frame(let j)): j == index
        case .show(_, .mean): false
        }
    }

    private func frame(_ index: Int) throws -> Frame {
        guard let frame = frames[index] else { throw ScaleError.failed("a frame to show was let go too early") }
        return frame
    }
}
