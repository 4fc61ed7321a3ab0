/// Pitch kept by tape and shift (SPEC §10), for audio slowed down at one
/// speed: it is scaled tape-style first (MapAudioScaler, SPEC §5 and §8
/// exactly: every sound where the plan puts it, its pitch lowered with the
/// speed), then shifted back to its own pitch by Rubber Band's R3
/// pitch-shifter with the time unchanged, by the ratio ℓ/κ. The shifter's
/// latency is taken off as the stretcher's is (its start pad in front, its
/// start delay dropped); its output is cut, or filled with its own output,
/// to the plan's count, and a freeze is digital silence. Where the
/// stretcher alone hears onsets early by about 8·(r − 1) ms at ratio r,
/// this keeps them within a few milliseconds of their place.
final class PitchShifter<Sample: PCMSample>: AudioScaling {
    let channels: Int
    let plan: AudioMapPlan
    private let tape: MapAudioScaler<Sample>
    private let band: RubberBand
    /// The output frames of each freeze.
    private let silences: [Range<Int>]
    private var delayLeft: Int
    private let staging: PlanarFloats
    private let retrieved: PlanarFloats
    private let blockSize: Int
    private let block: UnsafeMutableBufferPointer<Sample>
    private var blockFrames = 0
    private(set) var produced = 0

    /// - Parameters:
    ///   - rate: samples per second.
    ///   - plan: which lined-up source frames become how many output frames, at one `ratio` wherever they move.
    ///   - blockSize: output frames per emitted block.
    init(channels: Int, rate: Int, plan: AudioMapPlan, ratio: Double, blockSize: Int) {
        self.channels = channels
        self.plan = plan
        self.blockSize = blockSize
        tape = MapAudioScaler(channels: channels, plan: plan, blockSize: blockSize)
        silences = plan.silences
        band = RubberBand(rate: rate, channels: channels, ratio: 1, pitch: ratio)
        delayLeft = band.startDelay
        staging = PlanarFloats(channels: channels, frames: max(band.startPad, blockSize))
        retrieved = PlanarFloats(channels: channels, frames: 4096)
        block = .allocate(capacity: blockSize * channels)
        staging.withPlanes { band.process($0, count: band.startPad, final: false) }
    }

    deinit { block.deallocate() }

    var received: Int { tape.received }
    var length: Int { plan.length }
    var isComplete: Bool { produced >= length }
    var wanted: Int { tape.wanted }

    func push(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        try tape.push(samples) { try shift($0, emit: emit) }
    }

    /// The tape's last blocks, then silence until the shifter has given the
    /// plan's count, and the last, possibly short, block.
    func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        try tape.finish { try shift($0, emit: emit) }
        staging.clear(frames: blockSize)
        while produced < length {
            staging.withPlanes { band.process($0, count: blockSize, final: false) }
            try retrieve(emit: emit)
        }
        if blockFrames > 0 {
            try emit(UnsafeBufferPointer(rebasing: block[0..<(blockFrames * channels)]))
            blockFrames = 0
        }
    }

    /// Gives a block of tape-scaled frames to the shifter.
    private func shift(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        let frames = samples.count / channels
        staging.load(samples, from: 0, frames: frames, at: 0, channels: channels)
        staging.withPlanes { band.process($0, count: frames, final: false) }
        try retrieve(emit: emit)
    }

    /// Takes what the shifter has ready: the start delay dropped, a freeze
    /// made silence, frames past the plan's count cut.
    private func retrieve(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        while let available = band.available, available > 0 {
            let count = retrieved.withMutablePlanes { band.retrieve(into: $0, count: min(available, retrieved.frames)) }
            var offset = min(delayLeft, count)
            delayLeft -= offset
            while offset < count && produced < length {
                let taken = min(count - offset, blockSize - blockFrames, length - produced)
                retrieved.store(from: offset, frames: taken, into: block.baseAddress! + blockFrames * channels)
                for silence in silences where silence.overlaps(produced..<(produced + taken)) {
                    let from = max(silence.lowerBound, produced) - produced + blockFrames
                    let to = min(silence.upperBound, produced + taken) - produced + blockFrames
                    (block.baseAddress! + from * channels).update(repeating: .silence, count: (to - from) * channels)
                }
                blockFrames += taken
                produced += taken
                offset += taken
                if blockFrames == blockSize {
                    try emit(UnsafeBufferPointer(block))
                    blockFrames = 0
                }
            }
        }
    }
}

/// The pitch-keeping scaler for `plan` (SPEC §10): tape and shift
/// (PitchShifter) where every segment that moves slows the sound down by
/// one ratio, up to 4 (the range SPEC's sync is measured over: beyond it a
/// pitch-shifter's buffers grow with the ratio); along a map of a few
/// speeds, some slower than 1.5 times (at most `PitchMix.mostShifters`
/// of them, up to 4), the stretcher mixed with a tape and shift for each of
/// those (PitchMix); the stretcher (PitchStretcher) otherwise, as along a
/// smooth curve, whose speed changes from frame to frame. The stretcher
/// alone hears onsets early by about 8·(r − 1) ms at ratio r (−19 ms at 4);
/// tape and shift within ±4 ms at every one ratio from 1 to 4, the
/// stretcher within ±3 ms up to 1.5.
func keptPitch<Sample: PCMSample>(channels: Int, rate: Int, plan: AudioMapPlan, blockSize: Int) -> any AudioScaling<Sample> {
    var distinct: [Double] = []
    for ratio in plan.segments.compactMap(\.ratio) where !distinct.contains(where: { PitchMix<Sample>.sameSpeed($0, ratio) }) {
        distinct.append(ratio)
    }
    if distinct.count == 1, let ratio = distinct.first, ratio > 1, ratio <= 4 {
        return PitchShifter(channels: channels, rate: rate, plan: plan, ratio: ratio, blockSize: blockSize)
    }
    let slow = distinct.filter { $0 > 1.5 }
    if !slow.isEmpty, slow.count <= PitchMix<Sample>.mostShifters, slow.allSatisfy({ $0 <= 4 }) {
        return PitchMix(channels: channels, rate: rate, plan: plan, slowRatios: slow, blockSize: blockSize)
    }
    return PitchStretcher(channels: channels, rate: rate, plan: plan, blockSize: blockSize)
}
