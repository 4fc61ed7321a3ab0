import CFFmpeg

/// Decoded audio frames as interleaved samples of one type, converted with
/// swresample into a buffer reused from frame to frame.
final class SampleReader<Sample: PCMSample> {
    private let layout: ChannelLayout
    private let rate: Int32
    private let format: AVSampleFormat
    private var converter: SampleConverter?
    private var buffer: UnsafeMutableBufferPointer<Sample>

    /// - Parameters:
    ///   - layout: the decoded frames' channel layout.
    ///   - family: the samples' family; they are read in its interleaved format.
    init(layout: ChannelLayout, rate: Int, family: SampleFamily) {
        self.layout = layout
        self.rate = Int32(rate)
        format = family.packedFormat
        buffer = .allocate(capacity: 4096 * layout.channels)
    }

    deinit { buffer.deallocate() }

    var channels: Int { layout.channels }

    /// The frame's samples, interleaved; valid until the next call.
    func samples(of frame: Frame) throws -> UnsafeBufferPointer<Sample> {
        let input = AVSampleFormat(frame.pointer.pointee.format)
        if converter == nil || converter?.inputFormat != input {
            converter = try SampleConverter(layout: &layout.layout, rate: rate, from: input, to: format)
        }
        let converter = converter!
        let frames = Int32(frame.sampleCount)
        let capacity = Int(converter.outputCapacity(for: frames))
        if capacity * channels > buffer.count {
            buffer.deallocate()
            buffer = .allocate(capacity: capacity * channels)
        }
        var plane: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress!)
            .assumingMemoryBound(to: UInt8.self)
        let inputPlanes = UnsafeMutableRawPointer(frame.pointer.pointee.extended_data)?
            .assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
        let count = try converter.convert(inputPlanes, count: frames, into: &plane, capacity: Int32(capacity))
        return UnsafeBufferPointer(rebasing: buffer[0..<(count * channels)])
    }
}
