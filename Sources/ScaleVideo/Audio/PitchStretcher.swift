/// Progressive pitch-keeping time-stretch of interleaved audio (SPEC §10),
/// with the surface of the tape-style MapAudioStretch: the same plan, the
/// same sample count, in blocks of `blockSize` frames (the last may be
/// shorter).
///
/// One Rubber Band stretcher (R3, real-time, so memory stays bounded) runs
/// over the plan's source, its time ratio following the segments hop by hop
/// (StretchCourse); a freeze is digital silence set between its output.
/// The input is padded in front with the stretcher's preferred start pad and
/// as many output frames as its start delay are dropped, so a sound keeps
/// its place; at the end the stretcher is fed silence until it has given
/// all the frames the plan wants, and the rest of its output is cut.
/// Samples are stretched as floats at full scale 1 and brought back to
/// their type by `init(scaled:)`. Given a `pitch` other than 1, it also
/// shifts the pitch by that scale as it stretches (TapeAndStretch's second
/// half); the plan's ratios stay the output's time over the input's.
public final class PitchStretcher<Sample: PCMSample>: AudioStretching {
    /// Interleaved channels.
    public let channels: Int
    /// Output frames per block handed out; the last block may be shorter.
    public let blockSize: Int
    /// Which lined-up source frames become how many output frames.
    public let plan: AudioMapPlan

    private let band: RubberBand?
    private var course: StretchCourse
    /// Lined-up source frames taken so far, counting the dropped ones.
    public private(set) var received = 0
    /// Output frames emitted or in the block so far.
    public private(set) var produced = 0

    /// Input waiting for the stretcher's next hop, one plane per channel.
    private let staging: PlanarFloats
    private var staged = 0
    /// Frames the stretcher needs before its next hop runs.
    private var needed = 0
    /// Frames given to the stretcher, its start pad included.
    private var fed = 0
    /// Input frames that fill one analysis window.
    private var window = 0
    private let retrieved: PlanarFloats
    /// Stretcher output frames still to drop at the start.
    private var delayLeft = 0

    /// The plan's segment being written, and its frames written so far.
    private var segmentIndex = 0
    private var segmentDone = 0

    private let block: UnsafeMutableBufferPointer<Sample>
    private var blockFrames = 0

    /// - Parameters:
    ///   - channels: interleaved channel count.
    ///   - rate: samples per second.
    ///   - plan: which lined-up source frames become how many output frames.
    ///   - blockSize: output frames per emitted block.
    ///   - pitch: the pitch scale (1 keeps the input's pitch).
    public init(channels: Int, rate: Int, plan: AudioMapPlan, blockSize: Int, pitch: Double = 1) {
        precondition(channels > 0 && blockSize > 0, "invalid audio stretcher shape")
        self.channels = channels
        self.blockSize = blockSize
        self.plan = plan
        course = StretchCourse(plan: plan)
        block = .allocate(capacity: blockSize * channels)
        retrieved = PlanarFloats(channels: channels, frames: 4096)
        if course.isEmpty {
            band = nil
            staging = PlanarFloats(channels: channels, frames: 0)
        } else {
            let band = RubberBand(rate: rate, channels: channels, ratio: course.ratio, pitch: pitch)
            self.band = band
            let pad = band.startPad
            delayLeft = band.startDelay
            staging = PlanarFloats(channels: channels, frames: pad)
            staging.withPlanes { band.process($0, count: pad, final: false) }
            fed = pad
            window = pad + band.samplesRequired
            staging.reserve(frames: window)
            needed = max(band.samplesRequired, 1)
        }
    }

    deinit { block.deallocate() }

    /// The engine in use: 3 for Rubber Band's R3.
    var engineVersion: Int? { band?.engineVersion }

    /// Output frames per channel in all.
    public var length: Int { plan.length }

    /// Whether every output frame has been handed out.
    public var isComplete: Bool { produced >= plan.length }

    /// Source frames still to be pushed; `push` ignores any beyond them.
    public var wanted: Int { plan.sourceEnd - received }

    /// Adds decoded frames (interleaved); frames past the plan's end are
    /// ignored. `emit` receives each full block of output frames.
    public func push(
        _ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void
    ) rethrows {
        let frames = min(samples.count / channels, wanted)
        guard frames > 0 else { return }
        let skipped = min(max(plan.sourceStart - received, 0), frames)
        received += frames
        try settle(emit: emit)
        guard band != nil else { return }
        var offset = skipped
        while offset < frames {
            let taken = min(frames - offset, needed - staged)
            staging.load(samples, from: offset, frames: taken, at: staged, channels: channels)
            staged += taken
            offset += taken
            if staged == needed { try runHop(emit: emit) }
        }
    }

    /// The source has ended: missing source frames are read as silence, the
    /// stretcher is fed silence until it has given all the output the plan
    /// wants, and the last, possibly short, block is emitted.
    public func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        received = plan.sourceEnd
        if band != nil {
            while segmentIndex < plan.segments.count {
                staging.clear(frames: needed - staged, from: staged)
                staged = needed
                try runHop(emit: emit)
            }
        }
        try settle(emit: emit)
        if blockFrames > 0 {
            try emit(UnsafeBufferPointer(rebasing: block[0..<(blockFrames * channels)]))
            blockFrames = 0
        }
    }

    /// Gives the staged frames to the stretcher at the ratio its next hop
    /// wants, and places what it gives back.
    private func runHop(emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        let band = band!
        let hop = fed - window + needed
        if let ratio = course.ratio(forHopAt: hop) { band.setTimeRatio(ratio) }
        staging.withPlanes { band.process($0, count: staged, final: false) }
        fed += staged
        staged = 0
        while let available = band.available, available > 0 {
            let count = retrieved.withMutablePlanes { band.retrieve(into: $0, count: min(available, retrieved.frames)) }
            try place(count, emit: emit)
        }
        needed = max(band.samplesRequired, 1)
        staging.reserve(frames: needed)
    }

    /// Puts `count` retrieved frames where the plan wants them: the start
    /// delay is dropped, freezes are written as silence between, frames past
    /// the plan's end are cut.
    private func place(_ count: Int, emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        var offset = min(delayLeft, count)
        delayLeft -= offset
        while offset < count {
            try settle(emit: emit)
            guard segmentIndex < plan.segments.count else { return }
            let taken = min(count - offset, plan.segments[segmentIndex].length - segmentDone)
            try append(from: offset, frames: taken, emit: emit)
            offset += taken
            segmentDone += taken
        }
        try settle(emit: emit)
    }

    /// Writes the segments that need no stretcher output (freezes, and
    /// those with no output at all), and moves past a completed segment.
    private func settle(emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        while segmentIndex < plan.segments.count {
            let segment = plan.segments[segmentIndex]
            if segment.count == 0 || band == nil {
                try appendSilence(frames: segment.length - segmentDone, emit: emit)
            } else if segmentDone < segment.length {
                return
            }
            segmentIndex += 1
            segmentDone = 0
        }
    }

    /// Copies retrieved frames into the block, interleaved in the sample type.
    private func append(from offset: Int, frames: Int, emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        var done = 0
        while done < frames {
            let taken = min(frames - done, blockSize - blockFrames)
            retrieved.store(from: offset + done, frames: taken, into: block.baseAddress! + blockFrames * channels)
            try advance(by: taken, emit: emit)
            done += taken
        }
    }

    private func appendSilence(frames: Int, emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        var left = frames
        while left > 0 {
            let taken = min(left, blockSize - blockFrames)
            (block.baseAddress! + blockFrames * channels).update(repeating: .silence, count: taken * channels)
            try advance(by: taken, emit: emit)
            left -= taken
        }
    }

    private func advance(by frames: Int, emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        blockFrames += frames
        produced += frames
        if blockFrames == blockSize {
            try emit(UnsafeBufferPointer(block))
            blockFrames = 0
        }
    }
}
