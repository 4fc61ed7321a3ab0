import CFFmpeg

/// The colour a picture or stream is tagged with: its primaries, transfer
/// characteristic, matrix and range.
struct ColourTags: Equatable, Sendable {
    var primaries: AVColorPrimaries
    var transfer: AVColorTransferCharacteristic
    var matrix: AVColorSpace
    var range: AVColorRange

    /// SDR BT.709 in limited range, what tone mapping makes.
    static let bt709 = ColourTags(
        primaries: AVCOL_PRI_BT709, transfer: AVCOL_TRC_BT709, matrix: AVCOL_SPC_BT709, range: AVCOL_RANGE_MPEG)

    /// The samples span the full (JPEG) range.
    var isFullRange: Bool {
        get { range == AVCOL_RANGE_JPEG }
        set { range = newValue ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG }
    }

    /// PQ or HLG: high dynamic range.
    var isHDR: Bool { transfer == AVCOL_TRC_SMPTE2084 || transfer == AVCOL_TRC_ARIB_STD_B67 }

    /// The matrix swscale writes RGB pictures in: BT.601's.
    mutating func takeBT601Matrix() { matrix = AVCOL_SPC_SMPTE170M }

    /// zscale's input options for pictures of these tags (`tin`, `pin`,
    /// `min`, `rin`): HLG or else PQ, BT.709 or else BT.2020 primaries, the
    /// BT.709, BT.2020 constant-luminance or else non-constant matrix.
    var zscaleInput: String {
        let transfer = transfer == AVCOL_TRC_ARIB_STD_B67 ? "arib-std-b67" : "smpte2084"
        let primaries = primaries == AVCOL_PRI_BT709 ? "709" : "2020"
        let matrix =
            switch matrix {
            case AVCOL_SPC_BT709: "709"
            case AVCOL_SPC_BT2020_CL: "2020_cl"
            default: "2020_ncl"
            }
        return "tin=\(transfer):pin=\(primaries):min=\(matrix):rin=\(isFullRange ? "full" : "limited")"
    }
}
