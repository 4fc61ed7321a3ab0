/// Float planes, one per channel, as a stretcher takes and gives audio,
/// filled from interleaved samples of any PCM type and read back into them
/// (full scale is 1.0).
final class PlanarFloats {
    let channels: Int
    private(set) var frames: Int
    private var storage: UnsafeMutableBufferPointer<Float>
    /// One pointer per channel into `storage`.
    private let planes: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>

    init(channels: Int, frames: Int) {
        self.channels = channels
        self.frames = frames
        storage = .allocate(capacity: max(channels * frames, 1))
        storage.initialize(repeating: 0)
        planes = .allocate(capacity: channels)
        point()
    }

    deinit {
        storage.deallocate()
        planes.deallocate()
    }

    /// Makes room for at least `count` frames a plane; the contents are not kept.
    func reserve(frames count: Int) {
        guard count > frames else { return }
        storage.deallocate()
        storage = .allocate(capacity: channels * count)
        storage.initialize(repeating: 0)
        frames = count
        point()
    }

    private func point() {
        for channel in 0..<channels { planes[channel] = storage.baseAddress! + channel * frames }
    }

    func withPlanes<Result>(_ body: (UnsafePointer<UnsafePointer<Float>?>) throws -> Result) rethrows -> Result {
        try body(UnsafeRawPointer(planes).assumingMemoryBound(to: UnsafePointer<Float>?.self))
    }

    func withMutablePlanes<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<Float>?>) throws -> Result) rethrows -> Result {
        try body(UnsafePointer(planes))
    }

    /// Sets `count` frames from frame `start` on to silence.
    func clear(frames count: Int, from start: Int = 0) {
        guard count > 0 else { return }
        for channel in 0..<channels { (planes[channel]! + start).update(repeating: 0, count: count) }
    }

    /// Copies `count` interleaved frames of `samples`, from frame `offset`
    /// on, into the planes from frame `start` on.
    @_specialize(where Sample == Int16)
    @_specialize(where Sample == Float)
    func load<Sample: PCMSample>(
        _ samples: UnsafeBufferPointer<Sample>, from offset: Int, frames count: Int, at start: Int, channels: Int
    ) {
        let scale = 1 / Sample.fullScale
        let source = samples.baseAddress! + offset * channels
        for channel in 0..<channels {
            let plane = planes[channel]! + start
            for frame in 0..<count { plane[frame] = Float(source[frame &* channels &+ channel].value * scale) }
        }
    }

    /// Copies `count` frames from frame `offset` on into `destination`,
    /// interleaved, in the sample type.
    @_specialize(where Sample == Int16)
    @_specialize(where Sample == Float)
    func store<Sample: PCMSample>(from offset: Int, frames count: Int, into destination: UnsafeMutablePointer<Sample>) {
        let scale = Sample.fullScale
        for channel in 0..<channels {
            let plane = planes[channel]! + offset
            for frame in 0..<count { destination[frame &* channels &+ channel] = Sample(scaled: Double(plane[frame]) * scale) }
        }
    }
}
