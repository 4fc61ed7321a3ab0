import CFFmpeg

/// A libavutil sample format: how a sample is held and whether channels
/// are interleaved or in planes.
struct SampleFormat: Equatable, Sendable {
    let value: AVSampleFormat

    init(_ value: AVSampleFormat) { self.value = value }

    /// Interleaved signed 16-bit integers.
    static let s16 = SampleFormat(AV_SAMPLE_FMT_S16)
    /// Interleaved signed 32-bit integers.
    static let s32 = SampleFormat(AV_SAMPLE_FMT_S32)
    /// Interleaved 32-bit floats.
    static let float = SampleFormat(AV_SAMPLE_FMT_FLT)
    /// 32-bit floats, a plane a channel.
    static let planarFloat = SampleFormat(AV_SAMPLE_FMT_FLTP)
}
