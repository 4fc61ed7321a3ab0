import CFFmpeg

/// The libavfilter chain that turns PQ or HLG pictures into SDR BT.709:
/// zscale makes the light linear (1.0 = 100 nits) in BT.709 primaries, the
/// Hable (filmic) operator compresses the highlights down to the peak the
/// source's content light level or mastering data gives (1000 nits without
/// them), and zscale encodes for a BT.709 display (the BT.1886 2.4 gamma) in
/// BT.709's matrix and limited range, with luma clipped to its white.
enum ToneMapping {
    /// The chain for pictures like `picture`, ending in the 8-bit `format`.
    static func chain(for picture: Frame, to format: String) -> String {
        let frame = picture.pointer
        let transfer = frame.pointee.color_trc == AVCOL_TRC_ARIB_STD_B67 ? "arib-std-b67" : "smpte2084"
        let primaries = frame.pointee.color_primaries == AVCOL_PRI_BT709 ? "709" : "2020"
        let matrix =
            switch frame.pointee.colorspace {
            case AVCOL_SPC_BT709: "709"
            case AVCOL_SPC_BT2020_CL: "2020_cl"
            default: "2020_ncl"
            }
        let range = frame.pointee.color_range == AVCOL_RANGE_JPEG ? "full" : "limited"
        return "zscale=tin=\(transfer):pin=\(primaries):min=\(matrix):rin=\(range):t=linear:npl=100,format=gbrpf32le,"
            + "zscale=p=709,tonemap=tonemap=hable:desat=0,zscale=t=709:m=709:r=limited,format=\(format),limiter=min=16:max=235:planes=1"
    }
}
