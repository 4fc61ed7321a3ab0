/// Turns decoded pictures into what the video encoder takes: turned to
/// show what the source showed and tone-mapped to SDR when asked
/// (libavfilter), then converted to the encoder's size
/// and pixel format (swscale) when they differ; the picture itself when it
/// already fits.
final class PictureAdapter {
    /// The pictures the encoder takes.
    private let target: PictureParameters
    private let toneMaps: Bool
    private let turn: Orientation?
    /// The time base of the pictures, which the filter chain is told.
    private let timeBase: Rational
    private var filters: FilterGraph?
    private var converter: PixelConverter?

    init(encoder: Encoder, toneMaps: Bool, turn: Orientation?, source: Stream) {
        target = encoder.picture
        self.toneMaps = toneMaps
        self.turn = turn
        timeBase = source.timeBase
    }

    /// The picture to encode for `picture`: itself, or a converted copy
    /// valid until the next call.
    func adapt(_ picture: Frame) throws -> Frame {
        var frame = picture
        if toneMaps || turn != nil {
            if filters == nil {
                let chain = [turn?.filters, toneMaps ? ToneMapping.chain(for: frame.colour, to: target.format.name) : nil]
                filters = try FilterGraph(chain.compactMap { $0 }.joined(separator: ","), framesLike: frame, timeBase: timeBase)
            }
            frame = try filters!.convert(frame)
        }
        let fullRange = target.colour.isFullRange
        if frame.pixelFormat == target.format && frame.width == target.width && frame.height == target.height
            && frame.colour.isFullRange == fullRange
        {
            return frame
        }
        if converter?.accepts(frame) != true {
            converter = try PixelConverter(
                from: frame, toWidth: target.width, height: target.height, format: target.format, fullRange: fullRange)
        }
        return try converter!.convert(frame)
    }
}
