/// What the video lane does between decoding and encoding: takes source
/// frames as the FrameReader hands them on, each with the steps of the
/// lane's FrameSchedule its arrival lets it take, and hands out output
/// pictures with the output frames they fill, exactly N in all. A picture
/// is handed out as the means to make it, so one nobody looks at is never
/// made (a dry run's `--still` makes only its own).
protocol PictureStage: AnyObject {
    /// A source frame arrives with the schedule's `steps`; `kept` are the
    /// frames (by arrival number) a later step may still name. `emit` is
    /// given the pictures the steps decide, each made by its closure and
    /// valid only during the call.
    func arrive(_ frame: Frame, steps: [FrameSchedule.Step], kept: [Int], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws
    /// The source has ended: the schedule's last `steps`.
    func finish(_ steps: [FrameSchedule.Step], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws
}

/// `--motion nearest` (SPEC §4): the frame clock's sample and hold, as the
/// lane's FrameSchedule decides it, each step showing the frame held (the
/// one before the newest). A source frame is converted only when it fills
/// an output frame, once for all the frames it fills.
final class NearestPictures: PictureStage {
    private let adapter: PictureAdapter
    private let held: Frame

    init(adapter: PictureAdapter) throws {
        self.adapter = adapter
        held = try Frame()
    }

    func arrive(_ frame: Frame, steps: [FrameSchedule.Step], kept: [Int], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        try finish(steps, emit: emit)
        held.take(from: frame)
    }

    func finish(_ steps: [FrameSchedule.Step], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        for case .show(let range, .frame) in steps { try emit(range, { try self.adapter.adapt(self.held) }) }
    }
}

/// `--motion nearest` along a map that plays backwards (SPEC §13): the
/// frames come in the order the output shows them (BackwardFrames), as the
/// lane's FrameSchedule picked them, and each fills its run's output frames.
final class PickedPictures: PictureStage {
    private let adapter: PictureAdapter

    init(adapter: PictureAdapter) { self.adapter = adapter }

    func arrive(_ frame: Frame, steps: [FrameSchedule.Step], kept: [Int], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        for case .show(let range, .frame) in steps { try emit(range, { try self.adapter.adapt(frame) }) }
    }

    func finish(_ steps: [FrameSchedule.Step], emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {}
}
