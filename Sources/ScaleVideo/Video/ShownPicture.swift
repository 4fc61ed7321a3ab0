import Timing

/// How a player shows the pictures a lane writes (SPEC §15, true to what is
/// on screen): as wide as their pixels' shape makes them, and turned as the
/// display matrix the output keeps says. A still and the latest picture of
/// a render are saved so, as the source's player shows it.
struct ShownPicture {
    /// The written pictures' sample aspect ratio (0 or 1: square pixels).
    let pixelShape: Rational
    /// The turn the output marks rather than applies to the pixels; nil where there is none to make.
    let turn: Orientation?

    /// `picture` in RGB as a player shows it, at most `widest` pixels wide before it is turned.
    func image(of picture: Frame, widest: Int32? = nil) throws -> RGBImage {
        let image = try RGBConversion.image(of: picture, widest: widest, pixelShape: pixelShape)
        return turn.map { image.turned($0) } ?? image
    }
}
