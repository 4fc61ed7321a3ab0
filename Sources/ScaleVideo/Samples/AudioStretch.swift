import CStretchKernel

/// Progressive time-scaling of interleaved audio (SPEC §5), in the sample
/// type of the output: 16-bit as the specification states, or 24-bit,
/// 32-bit or float for sources of those families.
///
/// Source samples are pushed as they are decoded; scaled samples are handed
/// out in blocks of `blockSize` frames (the last block may be shorter). Only
/// the source frames still needed by the next control point are kept, so
/// memory is bounded by the largest push, whatever the file's length, and the
/// output is bit-identical to scaling the whole signal at once.
public final class AudioStretch<Sample: PCMSample> {
    /// Interleaved channels.
    public let channels: Int
    /// The control points: source frames in, output frames out.
    public let controls: ControlPoints
    /// Output frames per block handed out; the last block may be shorter.
    public let blockSize: Int

    /// Source frames kept, interleaved; `window[0]` is source frame `windowStart`.
    private var window: UnsafeMutableBufferPointer<Sample>
    private var windowStart = 0
    private var windowFrames = 0
    /// Source frames received so far (never more than `controls.count`).
    public private(set) var received = 0
    /// Output frames computed so far.
    public private(set) var produced = 0

    private let block: UnsafeMutableBufferPointer<Sample>
    private var blockFrames = 0

    /// The C kernel for this sample type, if it has one, and whether it may
    /// use vector instructions: decided once.
    private let kernel: (type: sv_sample_type, rule: sv_control_rule, vector: Bool)?

    /// - Parameters:
    ///   - channels: interleaved channel count.
    ///   - count: source frames per channel, known in advance.
    ///   - length: output frames per channel.
    ///   - blockSize: output frames per emitted block.
    public convenience init(channels: Int, count: Int, length: Int, blockSize: Int) {
        self.init(channels: channels, count: count, length: length, blockSize: blockSize, vector: true)
    }

    /// As the public initializer; `vector: false` keeps the C kernel to its
    /// portable loop, so tests can hold each loop to the specification.
    init(channels: Int, count: Int, length: Int, blockSize: Int, vector: Bool) {
        precondition(channels > 0 && blockSize > 0, "invalid audio stretch shape")
        self.channels = channels
        self.controls = ControlPoints(count: count, length: length)
        self.blockSize = blockSize
        if let type = Sample.self as? any KernelStretched.Type, let rule = controls.kernelRule {
            kernel = (type.kernelType, rule, vector)
        } else {
            kernel = nil
        }
        window = .allocate(capacity: 4096 * channels)
        block = .allocate(capacity: blockSize * channels)
    }

    deinit {
        window.deallocate()
        block.deallocate()
    }

    /// Whether every output frame has been computed.
    public var isComplete: Bool { produced >= controls.length }

    /// Source frames still to be pushed; `push` ignores any beyond them.
    public var wanted: Int { controls.count - received }

    /// Source frames held in memory now.
    public var retainedFrames: Int { windowFrames }

    /// Adds decoded frames (interleaved); frames past `count` are ignored.
    /// `emit` receives each full block of scaled frames.
    @_specialize(where Sample == Int16)
    @_specialize(where Sample == Float)
    public func push(
        _ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void
    ) rethrows {
        let frames = min(samples.count / channels, wanted)
        guard frames > 0 else { return }
        discardConsumed()
        reserve(frames: windowFrames + frames)
        let destination = window.baseAddress! + windowFrames * channels
        destination.update(from: samples.baseAddress!, count: frames * channels)
        windowFrames += frames
        received += frames
        try produce(final: false, emit: emit)
    }

    /// The source has ended: computes the remaining output (reading missing
    /// samples as 0) and emits the last, possibly short, block.
    @_specialize(where Sample == Int16)
    @_specialize(where Sample == Float)
    public func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        try produce(final: true, emit: emit)
        if blockFrames > 0 {
            try emit(UnsafeBufferPointer(rebasing: block[0..<(blockFrames * channels)]))
            blockFrames = 0
        }
    }

    private func produce(final: Bool, emit: (UnsafeBufferPointer<Sample>) throws -> Void) rethrows {
        let length = controls.length
        let count = controls.count
        while produced < length {
            if channels == 2 { produceInWindow(channels: 2) } else { produceInWindow(channels: channels) }
            if blockFrames == blockSize {
                try emit(UnsafeBufferPointer(block))
                blockFrames = 0
                continue
            }
            guard produced < length else { break }
            // The next frame reads past the window: the source's last
            // frame, or one not received yet.
            let control = controls[produced]
            let base = Int(control)
            if !final && min(base + 2, count) > received { return }
            let weight = control - Double(base)
            let out = block.baseAddress! + blockFrames * channels
            for channel in 0..<channels {
                let a = sample(base, channel)
                let b = sample(base + 1, channel)
                out[channel] = Sample(scaled: a + weight * (b - a))
            }
            produced += 1
            blockFrames += 1
        }
    }

    /// Computes output frames into the block, up to its end, for as long as
    /// both source frames each one reads are in the window: the common
    /// case, one tight loop (`channels` a constant where it is inlined).
    @inline(__always)
    private func produceInWindow(channels: Int) {
        let source = UnsafePointer(window.baseAddress!)
        let out = block.baseAddress!
        let firstHeld = windowStart
        let lastBase = received - 2
        let stop = min(controls.length, produced + blockSize - blockFrames)
        var n = produced
        var frame = blockFrames
        // The kernel leaves the last point, which the specification pins.
        if let kernel, n < min(stop, controls.length - 1) {
            n = Int(
                sv_stretch(
                    kernel.type, source, Int64(firstHeld), Int64(lastBase), out + frame * channels, Int64(n),
                    Int64(min(stop, controls.length - 1)), Int64(channels), kernel.rule, kernel.vector ? 1 : 0))
            frame += n - produced
        }
        while n < stop {
            let control = controls[n]
            let base = Int(control)
            guard base <= lastBase else { break }
            let weight = control - Double(base)
            let a = source + (base &- firstHeld) &* channels
            let written = out + frame &* channels
            for channel in 0..<channels {
                let first = a[channel].value
                written[channel] = Sample(scaled: first + weight * (a[channel &+ channels].value - first))
            }
            n &+= 1
            frame &+= 1
        }
        produced = n
        blockFrames = frame
    }

    /// Source frame `index` of `channel`, 0 past what was received.
    @inline(__always)
    private func sample(_ index: Int, _ channel: Int) -> Double {
        guard index < received else { return 0 }
        return window[(index - windowStart) * channels + channel].value
    }

    /// Drops the frames before the one the next control point starts at.
    private func discardConsumed() {
        let keepFrom = isComplete ? received : Int(controls[produced])
        let drop = min(max(keepFrom - windowStart, 0), windowFrames)
        guard drop > 0 else { return }
        let remaining = (windowFrames - drop) * channels
        if remaining > 0 {
            UnsafeMutableRawPointer(window.baseAddress!).copyMemory(
                from: window.baseAddress! + drop * channels,
                byteCount: remaining * MemoryLayout<Sample>.stride)
        }
        windowStart += drop
        windowFrames -= drop
    }

    private func reserve(frames: Int) {
        guard frames * channels > window.count else { return }
        let larger = UnsafeMutableBufferPointer<Sample>.allocate(capacity: frames * channels * 2)
        larger.baseAddress!.initialize(from: window.baseAddress!, count: windowFrames * channels)
        window.deallocate()
        window = larger
    }
}
