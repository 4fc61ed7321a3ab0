/// How the video is encoded: the encoder of the codec asked for, the pixel
/// format it is given, its private options, and the tag the container
/// marks it with.
struct VideoEncoding: Sendable {
    let codec: VideoCodec
    let encoderName: String
    let pixelFormat: PixelFormat
    /// Private options: the encoder's rate factor and speed, prores_ks's
    /// `profile`, libx265's log level.
    let options: [String: String]
    /// The stream's codec tag, or 0 for the muxer's own.
    let codecTag: UInt32

    /// Pictures of `format` (PictureFormat.written) in `codec`, into
    /// `container`, at the rate factor and preset asked for (nil: the
    /// encoder's defaults).
    init(
        codec: VideoCodec, crf: Int?, preset: String?, proResProfile: ProResProfile, container: OutputContainer,
        format: PictureFormat
    ) {
        let encoder = codec.encoder
        self.codec = codec
        encoderName = encoder.name
        pixelFormat = PixelFormat(name: format.name) ?? PixelFormat(name: "yuv420p")!
        options = encoder.options(crf: crf, preset: preset, profile: proResProfile)
        codecTag = encoder.codecTag(in: container)
    }
}
