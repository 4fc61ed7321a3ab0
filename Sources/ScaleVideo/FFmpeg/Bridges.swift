import CFFmpeg

extension AVPixelFormat {
    /// A "J" format: YUV whose samples span the full (JPEG) range by name.
    var isFullRangeYUV: Bool { [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P].contains(self) }
}

extension Rational {
    /// FFmpeg's rational (a time base, a frame rate); nil for a zero denominator.
    init?(_ value: AVRational) {
        self.init(Int64(value.num), Int64(value.den))
    }

    /// FFmpeg's rational; nil when a term does not fit in 32 bits.
    var avRational: AVRational? {
        guard let num = Int32(exactly: numerator), let den = Int32(exactly: denominator) else { return nil }
        return AVRational(num: num, den: den)
    }

    /// FFmpeg's rational for a time base; throws where a term does not fit in 32 bits.
    func timeBase() throws -> AVRational {
        guard let value = avRational else { throw FFmpegError(sv_averror(EINVAL), "time base \(self) does not fit FFmpeg's") }
        return value
    }
}


extension SampleFamily {
    /// The family of a decoder's output: 8- and 16-bit integers are 16-bit,
    /// 32-bit integers with at most 24 significant bits are 24-bit, floats
    /// of any width are float.
    init(format: AVSampleFormat, bitsPerRawSample: Int32) {
        switch av_get_packed_sample_fmt(format) {
        case AV_SAMPLE_FMT_U8, AV_SAMPLE_FMT_S16: self = .int16
        case AV_SAMPLE_FMT_S32 where bitsPerRawSample > 0 && bitsPerRawSample <= 24: self = .int24
        case AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_DBL: self = .float
        default: self = .int32
        }
    }

    /// The family of what `decoder` gives.
    init(decoding decoder: Decoder) {
        let context = decoder.codecContext.pointee
        self.init(format: context.sample_fmt, bitsPerRawSample: context.bits_per_raw_sample)
    }

    /// What `decoder`'s samples are, as reports name them: `8-bit`,
    /// `16-bit`, `24-bit`, `32-bit`, `64-bit`, `32-bit float` or `64-bit float`.
    static func name(decoding decoder: Decoder) -> String {
        let context = decoder.codecContext.pointee
        switch av_get_packed_sample_fmt(context.sample_fmt) {
        case AV_SAMPLE_FMT_U8: return "8-bit"
        case AV_SAMPLE_FMT_S64: return "64-bit"
        case AV_SAMPLE_FMT_DBL: return "64-bit float"
        default: return Self(decoding: decoder).description
        }
    }

    /// The interleaved format the stretch's samples are in.
    var packedFormat: AVSampleFormat {
        switch self {
        case .int16: AV_SAMPLE_FMT_S16
        case .int24, .int32: AV_SAMPLE_FMT_S32
        case .float: AV_SAMPLE_FMT_FLT
        }
    }
}

extension PictureFormat {
    /// How FFmpeg describes `format`: YUV, its chroma, depth and alpha.
    init(_ format: PixelFormat) {
        let name = format.name
        guard let descriptor = av_pix_fmt_desc_get(format.value)?.pointee else {
            self.init(name: name, chroma: nil, depth: 8, hasAlpha: false)
            return
        }
        let flags = descriptor.flags
        let isYUV = flags & UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BAYER) == 0 && descriptor.nb_components >= 3
        let chroma: Chroma? =
            switch (descriptor.log2_chroma_w, descriptor.log2_chroma_h) {
            case (1, 1) where isYUV: .c420
            case (1, 0) where isYUV: .c422
            case (0, 0) where isYUV: .c444
            default: nil
            }
        self.init(
            name: name, chroma: chroma, depth: Int(descriptor.comp.0.depth), hasAlpha: flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0)
    }
}
