import CFFmpeg

/// Turns decoded pictures into what the video encoder takes: tone-mapped to
/// SDR first when asked (libavfilter), then converted to the encoder's size
/// and pixel format (swscale) when they differ; the picture itself when it
/// already fits.
final class PictureAdapter {
    private let width: Int32
    private let height: Int32
    private let pixelFormat: AVPixelFormat
    private let toneMaps: Bool
    /// The time base of the pictures, which the tone-mapping chain is told.
    private let timeBase: AVRational
    private var toneMapper: FilterGraph?
    private var converter: PixelConverter?

    init(encoder: Encoder, toneMaps: Bool, source: Stream) {
        let context = encoder.codecContext.pointee
        width = context.width
        height = context.height
        pixelFormat = context.pix_fmt
        self.toneMaps = toneMaps
        timeBase = source.pointer.pointee.time_base
    }

    /// The picture to encode for `picture`: itself, or a converted copy
    /// valid until the next call.
    func adapt(_ picture: Frame) throws -> Frame {
        var frame = picture
        if toneMaps {
            if toneMapper == nil {
                let format = av_get_pix_fmt_name(pixelFormat).map { String(cString: $0) } ?? "yuv420p"
                toneMapper = try FilterGraph(ToneMapping.chain(for: frame, to: format), framesLike: frame, timeBase: timeBase)
            }
            frame = try toneMapper!.convert(frame)
        }
        let fields = frame.pointer.pointee
        if fields.format == pixelFormat.rawValue && fields.width == width && fields.height == height {
            return frame
        }
        if converter?.accepts(frame) != true {
            converter = try PixelConverter(from: frame, toWidth: width, height: height, format: pixelFormat)
        }
        return try converter!.convert(frame)
    }
}
