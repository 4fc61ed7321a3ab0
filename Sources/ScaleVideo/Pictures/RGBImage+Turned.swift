extension RGBImage {
    /// The picture turned and mirrored as `orientation` says a player shows
    /// it: the same steps as its libavfilter chain (Orientation.filters),
    /// pixel for pixel.
    func turned(_ orientation: Orientation) -> RGBImage {
        let (w, h) = (width, height)
        var turned = orientation.swapsSides ? RGBImage(width: h, height: w) : RGBImage(width: w, height: h)
        // Where output pixel (x, y) is taken from in this picture.
        let from: (Int, Int) -> (Int, Int) =
            switch orientation {
            case .clockwise: { x, y in (y, h - 1 - x) }
            case .counterClockwise: { x, y in (w - 1 - y, x) }
            case .halfTurn: { x, y in (w - 1 - x, h - 1 - y) }
            case .clockwiseMirrored: { x, y in (y, x) }
            case .counterClockwiseMirrored: { x, y in (w - 1 - y, h - 1 - x) }
            case .mirrored: { x, y in (w - 1 - x, y) }
            case .upsideDown: { x, y in (x, h - 1 - y) }
            }
        let outWidth = turned.width
        pixels.withUnsafeBufferPointer { source in
            turned.pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<turned.height {
                    for x in 0..<outWidth {
                        let (sx, sy) = from(x, y)
                        let (to, at) = ((y * outWidth + x) * 3, (sy * w + sx) * 3)
                        target[to] = source[at]
                        target[to + 1] = source[at + 1]
                        target[to + 2] = source[at + 2]
                    }
                }
            }
        }
        return turned
    }
}
