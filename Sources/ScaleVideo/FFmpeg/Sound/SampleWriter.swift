import CFFmpeg

/// Interleaved samples of one type made into the audio encoder's frames, in
/// the sample format it takes (converted with swresample when that is not
/// the interleaved one).
final class SampleWriter<Sample: PCMSample> {
    private let frame: Frame
    private let layout: ChannelLayout
    private let rate: Int32
    private let format: AVSampleFormat
    private let converter: SampleConverter?

    /// Frames of `format` made from interleaved samples of `family`.
    init(format: SampleFormat, family: SampleFamily, layout: ChannelLayout, rate: Int) throws {
        frame = try Frame()
        self.layout = layout
        self.rate = Int32(rate)
        self.format = format.value
        let packed = family.packedFormat
        converter =
            self.format == packed ? nil : try SampleConverter(layout: &layout.layout, rate: self.rate, from: packed, to: self.format)
    }

    /// A frame holding `samples` (interleaved, whole frames of the layout's
    /// channels) at `pts`; valid until the next call.
    func frame(_ samples: UnsafeBufferPointer<Sample>, pts: Int64) throws -> Frame {
        let frames = samples.count / layout.channels
        let fields = frame.pointer
        frame.unref()
        fields.pointee.nb_samples = Int32(frames)
        fields.pointee.format = format.rawValue
        fields.pointee.sample_rate = rate
        try layout.copy(to: &fields.pointee.ch_layout)
        try check(av_frame_get_buffer(fields, 0), "av_frame_get_buffer")
        if let converter {
            var plane: UnsafePointer<UInt8>? = UnsafeRawPointer(samples.baseAddress!).assumingMemoryBound(to: UInt8.self)
            _ = try converter.convert(&plane, count: Int32(frames), into: fields.pointee.extended_data, capacity: Int32(frames))
        } else {
            UnsafeMutableRawPointer(fields.pointee.extended_data[0]!).copyMemory(
                from: samples.baseAddress!, byteCount: samples.count * MemoryLayout<Sample>.stride)
        }
        frame.pts = pts
        return frame
    }
}
