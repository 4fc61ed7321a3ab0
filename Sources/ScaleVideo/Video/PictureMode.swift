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
}
