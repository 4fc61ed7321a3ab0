/// The video stream's picture as the input declares it.
struct SourcePicture {
    let width: Int32
    let height: Int32
    /// Sample (pixel) aspect ratio; nil, 0 or 1 for square pixels.
    let aspectRatio: Rational?
    /// How the display matrix shows the picture, if it turns or mirrors it.
    let orientation: Orientation?
    /// Whether the transfer is PQ (SMPTE ST 2084) or HLG (ARIB STD-B67): high dynamic range.
    let isHDR: Bool
    /// The decoded pixel format.
    let format: PictureFormat
    /// Whether its samples span the full range (JPEG range: a "J" format or
    /// a full-range tag) rather than video's limited range.
    let isFullRange: Bool

    var hasSquarePixels: Bool { aspectRatio.map { $0.numerator == 0 || $0.numerator == $0.denominator } ?? true }
}
