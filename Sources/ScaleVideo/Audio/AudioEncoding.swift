import CFFmpeg

/// How scaled audio is written: the codec and encoder, the sample format
/// it takes and the family the scaler works in. Lossless output keeps the
/// source's family where the codec can hold it.
struct AudioEncoding: Equatable {
    /// The codec written: pcm in `.flac` is written as FLAC.
    let codec: AudioCodec
    let encoderName: String
    /// The family the scaler works in.
    let family: SampleFamily
    /// The source's samples, as reports name them (SampleFamily.name).
    let sourceName: String
    let sampleFormat: AVSampleFormat
    /// Significant bits for 24-bit samples held in 32; 0 otherwise.
    let bitsPerRawSample: Int32

    init(codec asked: AudioCodec, container: OutputContainer?, source: SampleFamily, sourceName: String) {
        self.sourceName = sourceName
        codec = asked == .pcm && container == .flac ? .flac : asked
        switch codec {
        case .aac:
            (encoderName, family, sampleFormat, bitsPerRawSample) = ("aac", .float, AV_SAMPLE_FMT_FLTP, 0)
        case .opus:
            (encoderName, family, sampleFormat, bitsPerRawSample) = ("libopus", .float, AV_SAMPLE_FMT_FLT, 0)
        case .flac:
            // FLAC holds integers of up to 24 bits.
            (encoderName, family, sampleFormat, bitsPerRawSample) =
                source == .int16 ? ("flac", .int16, AV_SAMPLE_FMT_S16, 0) : ("flac", .int24, AV_SAMPLE_FMT_S32, 24)
        case .pcm:
            let endian = container?.isBigEndian == true ? "be" : "le"
            switch source {
            case .int16: (encoderName, family, sampleFormat, bitsPerRawSample) = ("pcm_s16\(endian)", .int16, AV_SAMPLE_FMT_S16, 0)
            case .int24: (encoderName, family, sampleFormat, bitsPerRawSample) = ("pcm_s24\(endian)", .int24, AV_SAMPLE_FMT_S32, 24)
            case .int32: (encoderName, family, sampleFormat, bitsPerRawSample) = ("pcm_s32\(endian)", .int32, AV_SAMPLE_FMT_S32, 0)
            case .float: (encoderName, family, sampleFormat, bitsPerRawSample) = ("pcm_f32\(endian)", .float, AV_SAMPLE_FMT_FLT, 0)
            }
        }
    }

    var isLossless: Bool { codec.isLossless }

    /// The sample rates the written audio keeps; nil for any. Opus is
    /// decoded at 48 kHz whatever rate libopus was given, so only 48 kHz
    /// stays itself; the other encoders keep the rates they take.
    var keptRates: [Int]? {
        if codec == .opus { return [48000] }
        guard let encoder = avcodec_find_encoder_by_name(encoderName), var rate = encoder.pointee.supported_samplerates else {
            return nil
        }
        var rates: [Int] = []
        while rate.pointee != 0 {
            rates.append(Int(rate.pointee))
            rate += 1
        }
        return rates
    }
}

extension AudioEncoding {
    /// The encoder for `layout` at `rate` samples per second, with 64 kb/s
    /// per channel when it is lossy.
    func makeEncoder(layout: ChannelLayout, rate: Int, globalHeader: Bool) throws -> Encoder {
        try Encoder(name: encoderName, globalHeader: globalHeader) { context in
            context.pointee.sample_fmt = sampleFormat
            context.pointee.sample_rate = Int32(rate)
            context.pointee.time_base = AVRational(num: 1, den: Int32(rate))
            context.pointee.bits_per_raw_sample = bitsPerRawSample
            try? layout.copy(to: &context.pointee.ch_layout)
            if !isLossless { context.pointee.bit_rate = 64_000 * Int64(layout.channels) }
        }
    }
}
