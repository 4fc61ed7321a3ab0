import CFFmpeg

/// Turns decoded pictures into what the video encoder takes: turned to
/// show what the source showed and tone-mapped to SDR when asked
/// (libavfilter), then converted to the encoder's size
/// and pixel format (swscale) when they differ; the picture itself when it
/// already fits.
final class PictureAdapter {
    private let width: Int32
    private let height: Int32
    private let pixelFormat: AVPixelFormat
    private let toneMaps: Bool
    private let turn: Orientation?
    /// The encoder takes full-range pictures.
    private let fullRange: Bool
    /// The time base of the pictures, which the filter chain is told.
    private let timeBase: AVRational
    private var filters: FilterGraph?
    private var converter: PixelConverter?

    init(encoder: Encoder, toneMaps: Bool, turn: Orientation?, source: Stream) {
        let context = encoder.codecContext.pointee
        width = context.width
        height = context.height
        pixelFormat = context.pix_fmt
        self.toneMaps = toneMaps
        self.turn = turn
        fullRange = context.color_range == AVCOL_RANGE_JPEG
        timeBase = source.pointer.pointee.time_base
    }

    /// The picture to encode for `picture`: itself, or a converted copy
    /// valid until the next call.
    func adapt(_ picture: Frame) throws -> Frame {
        var frame = picture
        if toneMaps || turn != nil {
            if filters == nil {
                let format = av_get_pix_fmt_name(pixelFormat).map { String(cString: $0) } ?? "yuv420p"
                let chain = [turn?.filters, toneMaps ? ToneMapping.chain(for: frame, to: format) : nil].compactMap { $0 }
                filters = try FilterGraph(chain.joined(separator: ","), framesLike: frame, timeBase: timeBase)
            }
            frame = try filters!.convert(frame)
        }
        let fields = frame.pointer.pointee
        let sameRange = (fields.color_range == AVCOL_RANGE_JPEG) == fullRange
        if fields.format == pixelFormat.rawValue && fields.width == width && fields.height == height && sameRange {
            return frame
        }
        if converter?.accepts(frame) != true {
            converter = try PixelConverter(from: frame, toWidth: width, height: height, format: pixelFormat, fullRange: fullRange)
        }
        return try converter!.convert(frame)
    }
}
