/// What the video lane does between decoding and encoding (SPEC §4, §9,
/// §13): takes source frames as the FrameReader hands them on, each with
/// the steps of the lane's FrameSchedule its arrival lets it take, and
/// hands out output pictures with the output frames they fill, exactly N
/// in all, in the steps' order.
///
/// A picture is handed out as the means to make it, so one nobody looks at
/// is never made (a dry run's `--still` makes only its own), and a source
/// frame is converted to the encoder's format once, when a picture first
/// needs it (so a frame held by nearest is converted once for all the
/// output frames it fills, or never). It holds only the frames a step may
/// still name. Under blend and flow, the means of fast stretches are made
/// by a PictureBlender, and an in-between picture comes from the
/// InBetweenPictures backend (the crossfade, or the optical flow's picture
/// of the instant). Where the backend looks ahead (flow), the steps from
/// the first that names the newest frame wait for the next frame, and the
/// pair of their first in-between is named to the backend before the steps
/// before them are done (so that its flows are found while the last pair's
/// pictures are made).
final class PictureStage {
    /// What makes the pictures that are not source frames as they are.
    struct Mixing {
        let blender: PictureBlender
        let inBetweens: InBetweenPictures
    }

    private let adapter: PictureAdapter
    /// nil under nearest, whose steps only show frames.
    private let mixing: Mixing?
    /// Source frames a waiting step or the schedule may still name, by
    /// arrival number: as decoded until one is first needed, then converted.
    private var decoded: [Int: Frame] = [:]
    private var converted: [Int: Frame] = [:]
    /// The schedule's steps not yet done, in order.
    private var waiting: [FrameSchedule.Step] = []
    private var arrivals = 0

    init(adapter: PictureAdapter, mixing: Mixing?) {
        self.adapter = adapter
        self.mixing = mixing
    }

    /// A source frame arrives with the schedule's `steps`; `kept` are the
    /// frames (by arrival number) a later step may still name. `emit` is
    /// given the pictures the steps decide, each made by its closure and
    /// valid only during the call.
    func arrive(_ frame: Frame, steps: [FrameSchedule.Step], kept: [Int], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        let index = arrivals
        arrivals += 1
        waiting += steps
        if kept.contains(index) || names(index) { decoded[index] = try Frame(referringTo: frame) }
        try run(emit: emit, holdingBack: mixing?.inBetweens.looksAhead == true ? index : nil)
        decoded = decoded.filter { kept.contains($0.key) || names($0.key) }
        converted = converted.filter { kept.contains($0.key) || names($0.key) }
    }

    /// The source has ended: the schedule's last `steps`.
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
                try mixed().inBetweens.prepare(ahead: frame(a), frame(b))
                break
            }
        }
        var done = 0
        defer { waiting.removeFirst(done) }
        for step in waiting[..<held] {
            switch step {
            case .sum(let a, let b): try mixed().blender.startSum(try frame(a), try frame(b))
            case .add(let j): try mixed().blender.add(try frame(j))
            case .show(let range, .frame(let i)): try emit(range, { try self.frame(i) })
            case .show(let range, .inBetween(let a, let b, let weight)):
                try emit(range, { try self.mixed().inBetweens.picture(between: self.frame(a), and: self.frame(b), weight: weight) })
            case .show(let range, .mean(let count)):
                // Made whether looked at or not: it closes the running sum.
                let mean = try mixed().blender.mean(count: count)
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

    /// Frame `index` in the encoder's format, converted the first time it is asked for.
    private func frame(_ index: Int) throws -> Frame {
        if let picture = converted[index] { return picture }
        guard let source = decoded.removeValue(forKey: index) else { throw ScaleError.failed("a frame to show was let go too early") }
        let picture = try Frame(referringTo: adapter.adapt(source))
        converted[index] = picture
        return picture
    }

    private func mixed() throws -> Mixing {
        guard let mixing else { throw ScaleError.failed("a nearest frame's schedule asked for a blend") }
        return mixing
    }
}
