import CFFmpeg

/// Converts decoded pictures to the encoder's size and pixel format with
/// swscale, into a frame it reuses when the encoder no longer holds it.
final class PixelConverter {
    private let context: OpaquePointer
    private let output: Frame
    private let sourceFormat: AVPixelFormat
    private let sourceWidth: Int32
    private let sourceHeight: Int32

    /// - Parameter fullRange: the pictures made span the full (JPEG) range;
    ///   otherwise video's limited range. The source's range is the
    ///   picture's own (a "J" format or its tag).
    init(from picture: Frame, toWidth width: Int32, height: Int32, format: PixelFormat, fullRange: Bool) throws {
        let frame = picture.pointer
        sourceFormat = AVPixelFormat(frame.pointee.format)
        sourceWidth = frame.pointee.width
        sourceHeight = frame.pointee.height
        guard
            let context = sws_getContext(
                sourceWidth, sourceHeight, sourceFormat, width, height, format.value, SWS_BICUBIC, nil, nil, nil)
        else {
            let name = av_get_pix_fmt_name(sourceFormat).map { String(cString: $0) } ?? "unknown"
            throw FFmpegError(sv_averror(EINVAL), "cannot convert pictures from \(name)")
        }
        self.context = context
        let sourceFull = frame.pointee.color_range == AVCOL_RANGE_JPEG || sourceFormat.isFullRangeYUV
        if sourceFull || fullRange {
            let table = sws_getCoefficients(SWS_CS_DEFAULT)
            sws_setColorspaceDetails(context, table, sourceFull ? 1 : 0, table, fullRange ? 1 : 0, 0, 1 << 16, 1 << 16)
        }
        output = try Frame(width: width, height: height, format: format)
    }

    deinit { sws_freeContext(context) }

    /// Whether this converter reads pictures like `frame`.
    func accepts(_ picture: Frame) -> Bool {
        let frame = picture.pointer
        return frame.pointee.format == sourceFormat.rawValue && frame.pointee.width == sourceWidth
            && frame.pointee.height == sourceHeight
    }

    /// The converted picture; valid until the next call.
    func convert(_ picture: Frame) throws -> Frame {
        let out = output.pointer
        try check(av_frame_make_writable(out), "av_frame_make_writable")
        sws_scale(
            context, sv_frame_planes(picture.pointer), sv_frame_linesizes(picture.pointer), 0, sourceHeight,
            sv_frame_planes_mutable(out), sv_frame_linesizes(out))
        return output
    }
}
