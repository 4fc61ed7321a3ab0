/// What the video lane does between decoding and encoding: takes source
/// frames in presentation order and hands out output pictures with the
/// output frames they fill, exactly N in all. A picture is handed out as
/// the means to make it, so one nobody looks at is never made (a dry
/// run's `--still` makes only its own).
protocol PictureStage: AnyObject {
    /// Every output frame is handed out; later source frames cannot show.
    var isComplete: Bool { get }
    /// A source frame arrives at `timestamp`; `emit` is given the pictures it
    /// lets the stage decide, each made by its closure and valid only during the call.
    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, () throws -> Frame) throws -> Void) throws
    /// The source has ended: the remaining output frames are handed out.
    func finish(emit: (Range<Int>, () throws -> Frame) throws -> Void) throws
}

/// `--motion nearest` (SPEC §4): the frame clock's sample and hold, as the
/// lane's FrameSchedule decides it. A source frame is converted only when
/// it fills an output frame, once for all the frames it fills.
final class NearestPictures: PictureStage {
    private let schedule: FrameSchedule
    private let adapter: PictureAdapter
    private let held: Frame
    private var hasHeld = false

    init(schedule: FrameSchedule, adapter: PictureAdapter) throws {
        self.schedule = schedule
        self.adapter = adapter
        held = try Frame()
    }

    var isComplete: Bool { schedule.isComplete }

    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        try show(schedule.arrive(timestamp: timestamp), emit: emit)
        held.take(from: frame)
        hasHeld = true
    }

    func finish(emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        try show(schedule.finish(), emit: emit)
    }

    /// The schedule's steps: each shows the frame held, the one before the newest.
    private func show(_ steps: [FrameSchedule.Step]?, emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        guard let steps else { throw ScaleError.impossibleTarget }
        for case .show(let range, .frame) in steps {
            try emit(range, { try self.adapter.adapt(self.held) })
        }
    }
}

/// `--motion nearest` along a map that plays backwards (SPEC §13): the
/// frames come in the order the output shows them (BackwardFrames), as the
/// lane's FrameSchedule picked them, and each fills its run's output frames.
final class PickedPictures: PictureStage {
    private let schedule: FrameSchedule
    private let adapter: PictureAdapter

    init(schedule: FrameSchedule, adapter: PictureAdapter) {
        self.schedule = schedule
        self.adapter = adapter
    }

    var isComplete: Bool { schedule.isComplete }

    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        for case .show(let range, .frame) in schedule.arrive(timestamp: timestamp) ?? [] {
            try emit(range, { try self.adapter.adapt(frame) })
        }
    }

    func finish(emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        guard schedule.finish() != nil else { throw ScaleError.failed("the video played backwards ended before its last frame") }
    }
}
