/// How scaled audio is written: the codec and encoder, the sample format
/// it takes and the family the stretch works in. Lossless output keeps the
/// source's family where the codec can hold it.
struct AudioEncoding: Equatable {
    /// The codec written: pcm in `.flac` is written as FLAC.
    let codec: AudioCodec
    let encoderName: String
    /// The family the stretch works in.
    let family: SampleFamily
    /// The source's samples, as reports name them (SampleFamily.name).
    let sourceName: String
    let sampleFormat: SampleFormat
    /// Significant bits for 24-bit samples held in 32; 0 otherwise.
    let bitsPerRawSample: Int32

    init(codec asked: AudioCodec, container: OutputContainer?, source: SampleFamily, sourceName: String) {
        self.sourceName = sourceName
        codec = asked == .pcm && container == .flac ? .flac : asked
        switch codec {
        case .aac:
            (encoderName, family, sampleFormat, bitsPerRawSample) = ("aac", .float, .planarFloat, 0)
        case .opus:
            (encoderName, family, sampleFormat, bitsPerRawSample) = ("libopus", .float, .float, 0)
        case .flac:
            // FLAC holds integers of up to 24 bits.
            (encoderName, family, sampleFormat, bitsPerRawSample) =
                source == .int16 ? ("flac", .int16, .s16, 0) : ("flac", .int24, .s32, 24)
        case .pcm:
            let endian = container?.isBigEndian == true ? "be" : "le"
            switch source {
            case .int16: (encoderName, family, sampleFormat, bitsPerRawSample) = ("pcm_s16\(endian)", .int16, .s16, 0)
            case .int24: (encoderName, family, sampleFormat, bitsPerRawSample) = ("pcm_s24\(endian)", .int24, .s32, 24)
            case .int32: (encoderName, family, sampleFormat, bitsPerRawSample) = ("pcm_s32\(endian)", .int32, .s32, 0)
            case .float: (encoderName, family, sampleFormat, bitsPerRawSample) = ("pcm_f32\(endian)", .float, .float, 0)
            }
        }
    }

    var isLossless: Bool { codec.isLossless }

    /// The sample rates the written audio keeps; nil for any. Opus is
    /// decoded at 48 kHz whatever rate libopus was given, so only 48 kHz
    /// stays itself; the other encoders keep the rates they take.
    var keptRates: [Int]? {
        codec == .opus ? [48000] : Encoder.sampleRates(of: encoderName)
    }
}

extension AudioEncoding {
    /// The encoder for `layout` at `rate` samples per second, with 64 kb/s
    /// per channel when it is lossy.
    func makeEncoder(layout: ChannelLayout, rate: Int, globalHeader: Bool) throws -> Encoder {
        try Encoder(
            name: encoderName, globalHeader: globalHeader,
            sound: SoundParameters(
                format: sampleFormat, rate: rate, bitsPerRawSample: bitsPerRawSample, layout: layout,
                bitRate: isLossless ? nil : 64_000 * Int64(layout.channels)))
    }
}
