import CFFmpeg

/// A picture as a person looks at it: converted to 8-bit RGB with swscale,
/// read with its own matrix (BT.601 when untagged, BT.709, BT.2020) and
/// range, its chroma brought up to every pixel accurately.
enum RGBConversion {
    /// The picture in RGB, at its own size, or made smaller to be at most
    /// `widest` pixels wide (the same shape, area-averaged); with
    /// `pixelShape` (a sample aspect ratio other than 1), made as wide as
    /// its pixels' shape shows it: square pixels, its height kept.
    static func image(of picture: Frame, widest: Int32? = nil, pixelShape: Rational? = nil) throws -> RGBImage {
        let frame = picture.pointer
        let (sourceWidth, sourceHeight) = (frame.pointee.width, frame.pointee.height)
        var shownWidth = Int64(sourceWidth)
        if let shape = pixelShape, shape.isPositive, shape.numerator != shape.denominator {
            shownWidth = max(1, (shownWidth * shape.numerator + shape.denominator / 2) / shape.denominator)
        }
        let width = Int32(min(shownWidth, Int64(widest ?? Int32.max)))
        let height = max(1, Int32((Int64(sourceHeight) * Int64(width) + shownWidth / 2) / shownWidth))
        let format = AVPixelFormat(frame.pointee.format)
        let flags = (width < sourceWidth || height < sourceHeight ? SWS_AREA : SWS_BICUBIC) | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT
        guard
            let context = sws_getContext(
                sourceWidth, sourceHeight, format, width, height, AV_PIX_FMT_RGB24, Int32(flags), nil, nil, nil)
        else {
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"
            throw FFmpegError(sv_averror(EINVAL), "cannot show pictures of \(name) as RGB")
        }
        defer { sws_freeContext(context) }
        let space = frame.pointee.colorspace
        let matrix = space == AVCOL_SPC_UNSPECIFIED || space == AVCOL_SPC_RGB ? SWS_CS_DEFAULT : Int32(space.rawValue)
        let fullRange = frame.pointee.color_range == AVCOL_RANGE_JPEG || format.isFullRangeYUV
        let output = sws_getCoefficients(SWS_CS_DEFAULT)
        sws_setColorspaceDetails(context, sws_getCoefficients(matrix), fullRange ? 1 : 0, output, 1, 0, 1 << 16, 1 << 16)
        var image = RGBImage(width: Int(width), height: Int(height))
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            let planes: [UnsafeMutablePointer<UInt8>?] = [pixels.baseAddress, nil, nil, nil]
            let strides: [Int32] = [width * 3, 0, 0, 0]
            sws_scale(context, sv_frame_planes(frame), sv_frame_linesizes(frame), 0, sourceHeight, planes, strides)
        }
        return image
    }
}
