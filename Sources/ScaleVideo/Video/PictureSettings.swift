import CFFmpeg

/// The output picture: the source's size rounded down to even, the pixel
/// format of the encoding, the output frame rate, and the source's aspect
/// ratio and colour tags (BT.709 when tone-mapped).
struct PictureSettings {
    let encoding: VideoEncoding
    let width: Int32
    let height: Int32
    let pixelFormat: AVPixelFormat
    let frameRate: AVRational
    let aspectRatio: AVRational
    let primaries: AVColorPrimaries
    let transfer: AVColorTransferCharacteristic
    let matrix: AVColorSpace
    let range: AVColorRange

    init(decoder: Decoder, fps: Rational, plan: PicturePlan, encoding: VideoEncoding) {
        let (mode, turn) = (plan.mode, plan.turn)
        let source = decoder.codecContext.pointee
        self.encoding = encoding
        // A quarter turn trades the picture's sides and its pixels' shape.
        let swaps = turn?.swapsSides == true
        width = (swaps ? source.height : source.width) & ~1
        height = (swaps ? source.width : source.height) & ~1
        pixelFormat = encoding.pixelFormat
        frameRate = AVRational(num: Int32(fps.numerator), den: Int32(fps.denominator))
        let shape = source.sample_aspect_ratio
        aspectRatio = swaps && shape.num > 0 ? AVRational(num: shape.den, den: shape.num) : shape
        if mode == .toneMapped {
            (primaries, transfer, matrix, range) = (AVCOL_PRI_BT709, AVCOL_TRC_BT709, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG)
            return
        }
        primaries = source.color_primaries
        transfer = source.color_trc
        let descriptor = av_pix_fmt_desc_get(source.pix_fmt)
        let isRGB = descriptor.map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 } ?? false
        // swscale writes RGB sources with BT.601 coefficients.
        matrix = isRGB ? AVCOL_SPC_SMPTE170M : source.colorspace
        // Full range stays where the codec marks it; elsewhere (and from
        // RGB) the converter makes pictures of limited range (PictureAdapter).
        let isFullRangeFormat = source.pix_fmt.isFullRangeYUV
        range =
            plan.fullRange
            ? AVCOL_RANGE_JPEG : isFullRangeFormat || isRGB || source.color_range == AVCOL_RANGE_JPEG ? AVCOL_RANGE_MPEG : source.color_range
    }

    /// The encoder of these pictures, with the encoding's private options.
    func makeEncoder(globalHeader: Bool) throws -> Encoder {
        try Encoder(name: encoding.encoderName, globalHeader: globalHeader, options: encoding.options) { configure($0) }
    }

    /// Marks the output stream with the frame rate, the encoder's aspect
    /// ratio and the encoding's codec tag.
    func describe(_ stream: Stream, encodedBy encoder: Encoder) {
        if encoding.codecTag != 0 { stream.pointer.pointee.codecpar.pointee.codec_tag = encoding.codecTag }
        stream.pointer.pointee.avg_frame_rate = frameRate
        stream.pointer.pointee.sample_aspect_ratio = encoder.codecContext.pointee.sample_aspect_ratio
    }

    private func configure(_ context: UnsafeMutablePointer<AVCodecContext>) {
        context.pointee.width = width
        context.pointee.height = height
        context.pointee.pix_fmt = pixelFormat
        context.pointee.time_base = AVRational(num: frameRate.den, den: frameRate.num)
        context.pointee.framerate = frameRate
        context.pointee.sample_aspect_ratio = aspectRatio
        context.pointee.color_primaries = primaries
        context.pointee.color_trc = transfer
        context.pointee.colorspace = matrix
        context.pointee.color_range = range
        context.pointee.thread_count = 0
    }
}
