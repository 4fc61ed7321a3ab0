/// How the output picture treats the source's dynamic range.
enum PictureMode {
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
