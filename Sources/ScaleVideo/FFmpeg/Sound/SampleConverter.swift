import CFFmpeg

/// Converts audio between sample formats, and where asked between rates,
/// at one layout with swresample.
final class SampleConverter {
    private var context: OpaquePointer?
    let inputFormat: AVSampleFormat

    init(layout: UnsafeMutablePointer<AVChannelLayout>, rate: Int32, from input: AVSampleFormat, to output: AVSampleFormat)
        throws
    {
        inputFormat = input
        try check(
            swr_alloc_set_opts2(&context, layout, output, rate, layout, input, rate, 0, nil),
            "cannot set up audio conversion")
        try check(swr_init(context), "cannot set up audio conversion")
    }

    /// Converts from `inputRate` to `outputRate` in one packed format, with
    /// the best resampler this FFmpeg has: the SoX resampler at its highest
    /// precision where swresample was built with it, else swresample's own
    /// with a long filter.
    init(layout: UnsafeMutablePointer<AVChannelLayout>, format: AVSampleFormat, from inputRate: Int32, to outputRate: Int32) throws {
        inputFormat = format
        try check(
            swr_alloc_set_opts2(&context, layout, format, outputRate, layout, format, inputRate, 0, nil),
            "cannot set up audio resampling")
        av_opt_set(UnsafeMutableRawPointer(context), "resampler", "soxr", 0)
        av_opt_set_double(UnsafeMutableRawPointer(context), "precision", 33, 0)
        av_opt_set_int(UnsafeMutableRawPointer(context), "cheby", 1, 0)
        if swr_init(context) < 0 {
            av_opt_set(UnsafeMutableRawPointer(context), "resampler", "swr", 0)
            av_opt_set_int(UnsafeMutableRawPointer(context), "filter_size", 64, 0)
            try check(swr_init(context), "cannot set up audio resampling")
        }
    }

    deinit { swr_free(&context) }

    /// Converts `count` frames from `input` planes (nil drains) into `output`
    /// planes with room for `capacity` frames; returns the frames written.
    func convert(
        _ input: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int32,
        into output: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, capacity: Int32
    ) throws -> Int {
        Int(try check(swr_convert(context, output, capacity, input, count), "cannot convert audio"))
    }

    /// An upper bound of the frames the next `convert` of `count` frames gives.
    func outputCapacity(for count: Int32) -> Int32 {
        max(swr_get_out_samples(context, count), count)
    }
}

extension SampleConverter {
    /// A resampler of interleaved samples of `family` in `layout` from
    /// `inputRate` to `outputRate`.
    convenience init(resampling family: SampleFamily, layout: ChannelLayout, from inputRate: Int, to outputRate: Int) throws {
        try self.init(layout: &layout.layout, format: family.packedFormat, from: Int32(inputRate), to: Int32(outputRate))
    }

    /// Converts `frames` interleaved frames at `input` (nil drains) into
    /// `output`, which has room for `capacity` frames; returns the frames written.
    func convert<Sample>(interleaved input: UnsafePointer<Sample>?, frames: Int, into output: UnsafeMutablePointer<Sample>, capacity: Int)
        throws -> Int
    {
        var plane: UnsafePointer<UInt8>? = input.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        var target: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(output).assumingMemoryBound(to: UInt8.self)
        return try withUnsafeMutablePointer(to: &plane) { planes in
            try withUnsafeMutablePointer(to: &target) {
                try convert(input == nil ? nil : planes, count: Int32(frames), into: $0, capacity: Int32(capacity))
            }
        }
    }
}
