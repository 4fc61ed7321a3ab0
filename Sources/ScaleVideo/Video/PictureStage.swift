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
/// lane's ShownFrames decides it. A source frame is converted only when
/// it fills an output frame, once for all the frames it fills.
final class NearestPictures: PictureStage {
    private let shown: ShownFrames
    private let adapter: PictureAdapter
    private let held: Frame
    private var hasHeld = false

    init(shown: ShownFrames, adapter: PictureAdapter) throws {
        self.shown = shown
        self.adapter = adapter
        held = try Frame()
    }

    var isComplete: Bool { shown.isComplete }

    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        let range = shown.arrive(timestamp: timestamp)
        if hasHeld && !range.isEmpty { try emit(range, { try self.adapter.adapt(self.held) }) }
        held.take(from: frame)
        hasHeld = true
    }

    func finish(emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        let range = shown.finish()
        if hasHeld && !range.isEmpty { try emit(range, { try self.adapter.adapt(self.held) }) }
    }
}

/// `--motion nearest` along a map that plays backwards (SPEC §13): the
/// frames come in the order the output shows them (BackwardFrames), one
/// for each run of FramePicks, and each fills that run's output frames.
final class PickedPictures: PictureStage {
    private let runs: [FramePicks.Run]
    private let adapter: PictureAdapter
    private var next = 0

    init(runs: [FramePicks.Run], adapter: PictureAdapter) {
        self.runs = runs
        self.adapter = adapter
    }

    var isComplete: Bool { next >= runs.count }

    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        guard next < runs.count else { return }
        try emit(runs[next].outputs, { try self.adapter.adapt(frame) })
        next += 1
    }

    func finish(emit: (Range<Int>, () throws -> Frame) throws -> Void) throws {
        guard isComplete else { throw ScaleError.failed("the video played backwards ended before its last frame") }
    }
}
