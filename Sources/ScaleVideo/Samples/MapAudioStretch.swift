/// Progressive scaling of interleaved audio along a time map (SPEC §8):
/// each segment of the plan by §5 as if it were the whole signal (one
/// AudioStretch at a time), a freeze as digital silence, one after another.
///
/// Source samples are the lined-up audio from its first sample; those
/// before the map's first knot are dropped as they come. Scaled samples are
/// handed out in blocks of `blockSize` frames (the last may be shorter),
/// whatever the segments' lengths, so the result is bit-identical to
/// scaling each segment whole, for any block size.
public final class MapAudioStretch<Sample: PCMSample> {
    /// Interleaved channels.
    public let channels: Int
    /// Output frames per block handed out; the last block may be shorter.
    public let blockSize: Int
    /// Which lined-up source frames become how many output frames, segment by segment.
    public let plan: AudioMapPlan

    private var segmentIndex = 0
    /// The current segment's stretch; nil for a freeze or a segment with no output.
    private var stretch: AudioStretch<Sample>?
    /// Lined-up source frames taken so far, counting the dropped ones.
    public private(set) var received = 0
    /// Output frames computed so far.
    public private(set) var produced = 0

    private let block: UnsafeMutableBufferPointer<Sample>
    private var blockFrames = 0

    /// A stretch of `channels` interleaved channels along `plan`, handing out
    /// `blockSize` frames at a time; both counts positive.
    public init(channels: Int, plan: AudioMapPlan, blockSize: Int) {
        precondition(channels > 0 && blockSize > 0, "invalid audio stretch shape")
        self.channels = channels
        self.plan = plan
        self.blockSize = blockSize
        block = .allocate(capacity: blockSize * channels)
        enterSegment()
    }

    deinit { block.deallocate() }

    /// Output frames per channel in all.
    public var length: Int { plan.length }

    /// Whether every output frame has been computed.
    public var isComplete: Bool { produced >= plan.length }

    /// Source frames still to be pushed; `push` ignores any beyond them.
    public var wanted: Int { plan.sourceEnd - received }

    /// Adds decoded frames (interleaved); frames past the map's end are
    /// ignored. `emit` receives each full block of scaled frames.
    public func push(
        _ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void
    ) rethrows {
        var frames = min(samples.count / channels, wanted)
        var offset = 0
        try settle(emit: emit)
        while frames > 0 {
            let stop = received < plan.sourceStart ? plan.sourceStart : plan.segments[segmentIndex].end
            let taken = min(frames, stop - received)
            if received >= plan.sourceStart, let stretch {
                let part = UnsafeBufferPointer(rebasing: samples[(offset * channels)..<((offset + taken) * channels)])
                try stretch.push(part) { try self.append($0, emit: emit) }
            }
            received += taken
            offset += taken
            frames -= taken
            try settle(emit: emit)
        }
    }

    /// The source has ended: computes the remaining output (reading missing
    /// samples as 0) and emits the last, possibly short, block.
    public func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        while segmentIndex < plan.segments.count {
            try closeSegment(emit: emit)
        }
        if blockFrames > 0 {
            try emit(UnsafeBufferPointer(rebasing: block[0..<(blockFrames * channels)]))
            blockFrames = 0
        }
    }

    /// Completes the segments that need no more source: freezes, and the
    /// current one once all its source has arrived.
    private func settle(emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        while segmentIndex < plan.segments.count {
            let segment = plan.segments[segmentIndex]
            if segment.count > 0 && received < segment.end { return }
            try closeSegment(emit: emit)
        }
    }

    /// Emits the rest of the current segment (zeros for a freeze) and moves to the next.
    private func closeSegment(emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        let segment = plan.segments[segmentIndex]
        if segment.count == 0 {
            try appendSilence(frames: segment.length, emit: emit)
        } else if let stretch {
            try stretch.finish { try self.append($0, emit: emit) }
        }
        segmentIndex += 1
        enterSegment()
    }

    private func enterSegment() {
        stretch = nil
        guard segmentIndex < plan.segments.count else { return }
        let segment = plan.segments[segmentIndex]
        guard segment.count > 0, segment.length > 0 else { return }
        stretch = AudioStretch(channels: channels, count: segment.count, length: segment.length, blockSize: blockSize)
    }

    /// Copies scaled frames into the block, emitting it whenever it is full.
    private func append(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        var offset = 0
        let frames = samples.count / channels
        while offset < frames {
            let taken = min(frames - offset, blockSize - blockFrames)
            (block.baseAddress! + blockFrames * channels).update(
                from: samples.baseAddress! + offset * channels, count: taken * channels)
            try advance(by: taken, emit: emit)
            offset += taken
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
