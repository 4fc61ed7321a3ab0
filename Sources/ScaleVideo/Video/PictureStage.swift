/// What the video lane does between decoding and encoding: takes source
/// frames in presentation order and hands out output pictures with the
/// output frames they fill, exactly N in all.
protocol PictureStage: AnyObject {
    /// Every output frame is handed out; later source frames cannot show.
    var isComplete: Bool { get }
    /// A source frame arrives at `timestamp`; `emit` is given the pictures it
    /// lets the stage decide, each valid only during the call.
    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, Frame) throws -> Void) throws
    /// The source has ended: the remaining output frames are handed out.
    func finish(emit: (Range<Int>, Frame) throws -> Void) throws
}

/// `--motion nearest` (SPEC §4): the frame clock's sample and hold, as the
/// source's ShownFrames decides it. A source frame is converted only when
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

    func arrive(_ frame: Frame, at timestamp: Int64, emit: (Range<Int>, Frame) throws -> Void) throws {
        let range = shown.arrive(timestamp: timestamp)
        if hasHeld && !range.isEmpty { try emit(range, adapter.adapt(held)) }
        held.take(from: frame)
        hasHeld = true
    }

    func finish(emit: (Range<Int>, Frame) throws -> Void) throws {
        let range = shown.finish()
        if hasHeld && !range.isEmpty { try emit(range, adapter.adapt(held)) }
    }
}
