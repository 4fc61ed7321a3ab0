/// Tape-style audio along `--curve smooth` (SPEC §13): output sample n
/// reads the source at position σ(n / rate) · rate, interpolated linearly
/// between its two neighbouring samples (past the end they read as 0), and
/// brought back to the sample type as §5 does; a freeze (two knots with the
/// same `s`) is silent from its first `d` to its last, and the count is
/// §8's, as the straight map's plan says.
///
/// The curve may run backwards and turn, so the source samples are kept in
/// a SampleSpool as they are pushed, and the output is made a block at a
/// time as soon as the spool holds every sample the block reads, each block
/// reading from the spool only the stretch of source it spans.
final class CurveStretch<Sample: PCMSample>: AudioStretching {
    let channels: Int
    /// The straight map's plan: which lined-up samples are taken, how many come out, where the freezes are.
    let plan: AudioMapPlan
    private let curve: SmoothCurve
    private let rate: Double
    private let blockSize: Int
    private let spool: SampleSpool<Sample>
    /// One past the last lined-up sample the curve reads, unless the
    /// lined-up samples end before. The plan's segments stop short of the
    /// highest knot's sample c (their end), but the curve comes up to that
    /// knot's s · rate, within half a sample of c, and the positions there
    /// read their right neighbour too: samples up to c + 1.
    private let sourceEnd: Int
    private(set) var received = 0
    private(set) var produced = 0
    /// The output samples of each freeze.
    private let silences: [Range<Int>]
    /// Where the next block's output samples read the source; empty until planned.
    private var positions: [Double] = []
    /// The source frames those positions read, within `sourceEnd`.
    private var span = 0..<0
    private var block: [Sample]
    private var window: UnsafeMutableBufferPointer<Sample>

    /// - Parameters:
    ///   - count: samples per channel of the lined-up audio, past which the source reads as 0.
    init(channels: Int, rate: Int, count: Int, curve: SmoothCurve, plan: AudioMapPlan, blockSize: Int) throws {
        self.channels = channels
        self.plan = plan
        self.curve = curve
        self.rate = Double(rate)
        self.blockSize = blockSize
        sourceEnd = min(plan.sourceEnd + 2, count)
        spool = try SampleSpool(channels: channels)
        silences = plan.silences
        block = []
        window = .allocate(capacity: 0)
    }

    deinit { window.deallocate() }

    var length: Int { plan.length }
    var isComplete: Bool { produced >= length }
    var wanted: Int { sourceEnd - received }

    /// Keeps the samples and makes every block that now has all it reads.
    func push(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        let frames = min(samples.count / channels, wanted)
        guard frames > 0 else { return }
        try spool.append(UnsafeBufferPointer(rebasing: samples[0..<(frames * channels)]))
        received += frames
        try makeBlocks(sourceEnded: false, emit: emit)
    }

    /// Makes the rest of the output: what was not pushed reads as 0.
    func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        try makeBlocks(sourceEnded: true, emit: emit)
    }

    /// Makes blocks in turn while the spool holds all the next one reads,
    /// or all of them once the source has ended.
    private func makeBlocks(sourceEnded: Bool, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        while produced < length {
            if positions.isEmpty { planBlock() }
            guard sourceEnded || span.upperBound <= received else { return }
            try makeBlock(emit: emit)
        }
    }

    /// The next block's positions and the source frames they read.
    private func planBlock() {
        let end = min(produced + blockSize, length)
        positions = (produced..<end).map { curve.sourceTime(atOutput: Double($0) / rate) * rate }
        let low = max(Int((positions.min() ?? 0).rounded(.down)), 0)
        let high = min(Int((positions.max() ?? 0).rounded(.down)) + 2, sourceEnd)
        span = low..<max(high, low)
    }

    private func makeBlock(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        let held = span.clamped(to: span.lowerBound..<max(spool.count, span.lowerBound))
        try read(held)
        block.removeAll(keepingCapacity: true)
        for (offset, position) in positions.enumerated() {
            let n = produced + offset
            if silences.contains(where: { $0.contains(n) }) {
                block += repeatElement(.silence, count: channels)
                continue
            }
            let b = Int(position.rounded(.down))
            let a = position - Double(b)
            for channel in 0..<channels {
                let left = sample(b, channel, in: held)
                let right = sample(b + 1, channel, in: held)
                block.append(Sample(scaled: left + a * (right - left)))
            }
        }
        try block.withUnsafeBufferPointer { try emit($0) }
        produced += positions.count
        positions.removeAll(keepingCapacity: true)
    }

    /// Reads the spool's frames `range` into the window.
    private func read(_ range: Range<Int>) throws {
        if window.count < range.count * channels {
            window.deallocate()
            window = .allocate(capacity: range.count * channels)
        }
        guard !range.isEmpty else { return }
        try spool.read(range, reversed: false, into: window)
    }

    /// Source frame `index`'s sample of `channel`, 0 outside the frames `held` (past the end).
    private func sample(_ index: Int, _ channel: Int, in held: Range<Int>) -> Double {
        guard held.contains(index) else { return 0 }
        return window[(index - held.lowerBound) * channels + channel].value
    }
}
