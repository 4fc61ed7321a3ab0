import CFFmpeg

/// A picture stream's size, pixel format, pixel shape and colour, as a
/// stream or decoder gives them and a video encoder takes them.
struct PictureParameters: Equatable, Sendable {
    var width: Int32
    var height: Int32
    var format: PixelFormat
    /// The shape of a pixel (width over height); zero when unknown.
    var aspectRatio: Rational
    var colour: ColourTags

    init(width: Int32, height: Int32, format: PixelFormat, aspectRatio: Rational, colour: ColourTags) {
        self.width = width
        self.height = height
        self.format = format
        self.aspectRatio = aspectRatio
        self.colour = colour
    }

    init(_ context: AVCodecContext) {
        self.init(
            width: context.width, height: context.height, format: PixelFormat(context.pix_fmt),
            aspectRatio: Rational(context.sample_aspect_ratio) ?? .zero,
            colour: ColourTags(
                primaries: context.color_primaries, transfer: context.color_trc, matrix: context.colorspace,
                range: context.color_range))
    }

    init(_ parameters: AVCodecParameters) {
        self.init(
            width: parameters.width, height: parameters.height, format: PixelFormat(AVPixelFormat(parameters.format)),
            aspectRatio: Rational(parameters.sample_aspect_ratio) ?? .zero,
            colour: ColourTags(
                primaries: parameters.color_primaries, transfer: parameters.color_trc, matrix: parameters.color_space,
                range: parameters.color_range))
    }

    /// Sets a video encoder's context to these parameters at `frameRate`
    /// (its time base one frame), with as many threads as it likes.
    func configure(_ context: UnsafeMutablePointer<AVCodecContext>, frameRate: Rational) {
        let rate = frameRate.avRational ?? AVRational(num: 0, den: 1)
        context.pointee.width = width
        context.pointee.height = height
        context.pointee.pix_fmt = format.value
        context.pointee.time_base = AVRational(num: rate.den, den: rate.num)
        context.pointee.framerate = rate
        context.pointee.sample_aspect_ratio = aspectRatio.avRational ?? AVRational(num: 0, den: 1)
        context.pointee.color_primaries = colour.primaries
        context.pointee.color_trc = colour.transfer
        context.pointee.colorspace = colour.matrix
        context.pointee.color_range = colour.range
        context.pointee.thread_count = 0
    }
}

/// What an audio encoder takes: its sample format and rate, the significant
/// bits of samples held in wider words, the channel layout, and a bit rate
/// (nil for the encoder's own).
struct SoundParameters {
    var format: SampleFormat
    var rate: Int
    var bitsPerRawSample: Int32
    var layout: ChannelLayout
    var bitRate: Int64?

    /// Sets an audio encoder's context to these parameters, its time base a sample.
    func configure(_ context: UnsafeMutablePointer<AVCodecContext>) {
        context.pointee.sample_fmt = format.value
        context.pointee.sample_rate = Int32(rate)
        context.pointee.time_base = AVRational(num: 1, den: Int32(rate))
        context.pointee.bits_per_raw_sample = bitsPerRawSample
        try? layout.copy(to: &context.pointee.ch_layout)
        if let bitRate { context.pointee.bit_rate = bitRate }
    }
}
