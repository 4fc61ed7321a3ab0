/// The output picture: the source's size (or, for a preview, scaled
/// down on its shorter side, the shape kept) rounded down to even, the pixel
/// format of the encoding, the output frame rate, and the source's aspect
/// ratio and colour tags (BT.709 when tone-mapped).
struct PictureSettings {
    let encoding: VideoEncoding
    let picture: PictureParameters
    let frameRate: Rational

    init(decoder: Decoder, fps: Rational, plan: PicturePlan, encoding: VideoEncoding) {
        let (mode, turn) = (plan.mode, plan.turn)
        let source = decoder.picture
        self.encoding = encoding
        frameRate = fps
        // A quarter turn trades the picture's sides and its pixels' shape.
        let swaps = turn?.swapsSides == true
        let shape = source.aspectRatio
        var colour = source.colour
        if mode == .toneMapped {
            colour = .bt709
        } else {
            // swscale writes RGB sources with BT.601 coefficients.
            if source.format.isRGB { colour.takeBT601Matrix() }
            // Full range stays where the codec marks it; elsewhere (and from
            // RGB) the converter makes pictures of limited range (PictureAdapter).
            if plan.fullRange {
                colour.isFullRange = true
            } else if source.format.isFullRangeYUV || source.format.isRGB || colour.isFullRange {
                colour.isFullRange = false
            }
        }
        let size = swaps ? plan.writtenSize(width: source.height, height: source.width) : plan.writtenSize(width: source.width, height: source.height)
        picture = PictureParameters(
            width: size.width, height: size.height,
            format: encoding.pixelFormat,
            aspectRatio: swaps && shape.isPositive ? Rational(shape.denominator, shape.numerator) ?? shape : shape,
            colour: colour)
    }

    /// The encoder of these pictures, with the encoding's private options.
    func makeEncoder(globalHeader: Bool) throws -> Encoder {
        try Encoder(
            name: encoding.encoderName, globalHeader: globalHeader, options: encoding.options, picture: picture,
            frameRate: frameRate)
    }

    /// Marks the output stream with the frame rate, the encoder's aspect
    /// ratio and the encoding's codec tag.
    func describe(_ stream: Stream, encodedBy encoder: Encoder) {
        stream.markPictures(frameRate: frameRate, aspectRatio: encoder.picture.aspectRatio, codecTag: encoding.codecTag)
    }
}
