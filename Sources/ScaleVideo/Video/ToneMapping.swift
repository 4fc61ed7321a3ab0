/// The libavfilter chain that turns PQ or HLG pictures into SDR BT.709:
/// zscale makes the light linear (1.0 = 100 nits) in BT.709 primaries, the
/// Hable (filmic) operator compresses the highlights down to the peak the
/// source's content light level or mastering data gives (1000 nits without
/// them), and zscale encodes for a BT.709 display (the BT.1886 2.4 gamma) in
/// BT.709's matrix and limited range, with luma clipped to its white.
enum ToneMapping {
    /// The chain for pictures tagged `colour`, ending in the 8-bit `format`.
    static func chain(for colour: ColourTags, to format: String) -> String {
        "zscale=\(colour.zscaleInput):t=linear:npl=100,format=gbrpf32le,"
            + "zscale=p=709,tonemap=tonemap=hable:desat=0,zscale=t=709:m=709:r=limited,format=\(format),limiter=min=16:max=235:planes=1"
    }
}
