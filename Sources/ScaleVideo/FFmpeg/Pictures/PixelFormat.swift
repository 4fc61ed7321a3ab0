import CFFmpeg

/// A libavutil pixel format, and what the code around it asks of one.
struct PixelFormat: Equatable, Sendable {
    let value: AVPixelFormat

    init(_ value: AVPixelFormat) { self.value = value }

    /// The format of FFmpeg's name `name` (e.g. `yuv420p10le`); nil when
    /// this FFmpeg has none of that name.
    init?(name: String) {
        let value = av_get_pix_fmt(name)
        guard value != AV_PIX_FMT_NONE else { return nil }
        self.value = value
    }

    /// The 8-bit 4:2:0 YUV format with an alpha plane.
    static let yuva420p = PixelFormat(AV_PIX_FMT_YUVA420P)

    /// FFmpeg's name for it, e.g. `yuv422p10le`.
    var name: String { av_get_pix_fmt_name(value).map { String(cString: $0) } ?? "unknown" }

    /// A "J" format: YUV whose samples span the full (JPEG) range by name.
    var isFullRangeYUV: Bool { value.isFullRangeYUV }

    /// Holds RGB (swscale converts it with BT.601 coefficients).
    var isRGB: Bool { flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 }

    /// Bits per sample of its first component.
    var depth: Int { Int(descriptor?.comp.0.depth ?? 8) }

    /// Planar with three components: YUV or RGB in planes, without alpha.
    var isPlanarWithoutAlpha: Bool { descriptor?.nb_components == 3 && flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0 }

    /// How many places each chroma dimension is shifted: 1 for a half.
    var chromaShift: (width: Int32, height: Int32) {
        (Int32(descriptor?.log2_chroma_w ?? 0), Int32(descriptor?.log2_chroma_h ?? 0))
    }

    /// The width and height in samples of each plane of a `width` x
    /// `height` picture; nil when the format is not planar.
    func planeSizes(width: Int, height: Int) -> [(width: Int, height: Int)]? {
        guard let info = descriptor, info.flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0 else { return nil }
        let components = [info.comp.0, info.comp.1, info.comp.2, info.comp.3].prefix(Int(info.nb_components))
        let count = Int(components.map(\.plane).max() ?? 0) + 1
        return (0..<count).map { plane in
            let isChroma = plane == 1 || plane == 2
            let w = isChroma ? -((-width) >> Int(info.log2_chroma_w)) : width
            let h = isChroma ? -((-height) >> Int(info.log2_chroma_h)) : height
            return (w, h)
        }
    }

    /// Bytes a `width` x `height` picture of this format takes.
    func pictureBytes(width: Int32, height: Int32) -> Int {
        Int(av_image_get_buffer_size(value, max(width, 1), max(height, 1), 1))
    }

    private var descriptor: AVPixFmtDescriptor? { av_pix_fmt_desc_get(value)?.pointee }
    private var flags: UInt64 { descriptor?.flags ?? 0 }
}
