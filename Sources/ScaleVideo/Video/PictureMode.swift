/// How the output picture treats the source's dynamic range.
enum PictureMode: Sendable {
    /// 8-bit, the source's colour tags.
    case standard
    /// PQ or HLG tone-mapped to 8-bit SDR BT.709.
    case toneMapped
    /// 10-bit, the source's HDR colour tags.
    case highDynamicRange

    init(source: SourcePicture, keepHDR: Bool) {
        self = source.isHDR ? (keepHDR ? .highDynamicRange : .toneMapped) : .standard
    }
}

/// How the output's picture is written, as a job's plan decides it.
struct PicturePlan: Sendable {
    let mode: PictureMode
    /// The pixel format written (PictureFormat.written).
    let format: PictureFormat
    /// The HDR metadata carried over, for HDR kept.
    let hdr: HDRMetadata?
    /// Full-range (JPEG-range) pictures are written full range, the codec
    /// marking them so; false where they are limited range, or are made so.
    let fullRange: Bool
    /// How the pixels are turned to show what the source showed, where the
    /// container cannot mark the source's orientation; nil where it is kept as a mark.
    let turn: Orientation?
    /// The length pictures whose shorter side is longer are scaled down to
    /// on that side, their shape kept (a preview); nil: the source's size.
    var shorterSide: Int? = nil

    /// The size pictures of `width` by `height` (as the output shows them)
    /// are written at: scaled down to `shorterSide` where its shorter side
    /// is longer, then rounded down to even.
    func writtenSize(width: Int32, height: Int32) -> (width: Int32, height: Int32) {
        var (width, height) = (width, height)
        if let side = shorterSide, min(width, height) > side {
            let shorter = Int(min(width, height))
            (width, height) = (Int32((Int(width) * side + shorter / 2) / shorter), Int32((Int(height) * side + shorter / 2) / shorter))
        }
        return (width & ~1, height & ~1)
    }
}
