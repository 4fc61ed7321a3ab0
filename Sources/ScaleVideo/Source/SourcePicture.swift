/// The video stream's picture as the input declares it.
struct SourcePicture {
    let width: Int32
    let height: Int32
    /// Sample (pixel) aspect ratio; nil, 0 or 1 for square pixels.
    let aspectRatio: Rational?
    /// Degrees the display matrix turns the picture (counter-clockwise), if it has one.
    let rotation: Double?
    /// Whether the transfer is PQ (SMPTE ST 2084) or HLG (ARIB STD-B67): high dynamic range.
    let isHDR: Bool
    /// The decoded pixel format.
    let format: PictureFormat

    var hasSquarePixels: Bool { aspectRatio.map { $0.numerator == 0 || $0.numerator == $0.denominator } ?? true }
}
