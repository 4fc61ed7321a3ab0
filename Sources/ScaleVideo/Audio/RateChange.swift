/// Scaled audio taken to the rate the output codec holds (SPEC §12): the
/// blocks the stretch gives, at the source's rate, are resampled
/// (SampleConverter) and handed on in blocks of the encoder's frame size,
/// exactly `round(L · outputRate / inputRate)` frames in all: what the
/// resampler's flush leaves beyond that is cut, and a shortfall (a frame
/// or two of its filter's edge) is filled with the last frame given.
final class RateChange<Sample: PCMSample> {
    private let converter: SampleConverter
    private let channels: Int
    private let blockSize: Int
    /// Frames still to hand on.
    private var remaining: Int
    private var pending: [Sample] = []
    private var output: UnsafeMutableBufferPointer<Sample>

    init(layout: ChannelLayout, family: SampleFamily, from inputRate: Int, to outputRate: Int, frames: Int, blockSize: Int) throws {
        converter = try SampleConverter(resampling: family, layout: layout, from: inputRate, to: outputRate)
        channels = layout.channels
        self.blockSize = blockSize
        remaining = frames
        output = .allocate(capacity: 0)
    }

    deinit { output.deallocate() }

    /// The frames of `frames` input frames at the output rate, rounded to nearest (ties up).
    static func frames(_ frames: Int, from inputRate: Int, to outputRate: Int) -> Int {
        Int((Int128(frames) * Int128(outputRate) * 2 + Int128(inputRate)) / (2 * Int128(inputRate)))
    }

    /// Resamples a block of interleaved frames; `emit` is given whole blocks of the encoder's size.
    func push(_ samples: UnsafeBufferPointer<Sample>, emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        try convert(samples.baseAddress, frames: samples.count / channels)
        try handOn(emit: emit, all: false)
    }

    /// Drains the resampler and hands on the rest, exactly the planned count.
    func finish(emit: (UnsafeBufferPointer<Sample>) throws -> Void) throws {
        try convert(nil, frames: 0)
        let missing = remaining * channels - pending.count
        if missing > 0 {
            let last = pending.count >= channels ? Array(pending.suffix(channels)) : [Sample](repeating: .silence, count: channels)
            for _ in 0..<(missing / channels) { pending += last }
        }
        try handOn(emit: emit, all: true)
    }

    private func convert(_ input: UnsafePointer<Sample>?, frames: Int) throws {
        let capacity = Int(converter.outputCapacity(for: Int32(frames))) + 64
        if output.count < capacity * channels {
            output.deallocate()
            output = .allocate(capacity: capacity * channels)
        }
        let made = try converter.convert(interleaved: input, frames: frames, into: output.baseAddress!, capacity: capacity)
        pending += UnsafeBufferPointer(rebasing: output[0..<(made * channels)])
    }

    private func handOn(emit: (UnsafeBufferPointer<Sample>) throws -> Void, all: Bool) throws {
        var offset = 0
        while remaining > 0 {
            let available = (pending.count - offset) / channels
            let frames = min(blockSize, remaining)
            guard available >= frames || (all && available > 0) else { break }
            let taken = min(frames, available)
            try pending.withUnsafeBufferPointer { try emit(UnsafeBufferPointer(rebasing: $0[offset..<(offset + taken * channels)])) }
            offset += taken * channels
            remaining -= taken
        }
        pending.removeFirst(offset)
    }
}
