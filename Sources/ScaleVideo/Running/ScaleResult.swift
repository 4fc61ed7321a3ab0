/// What a finished conversion wrote.
public struct ScaleResult: Sendable {
    /// The path written.
    public let output: String
    /// S, seconds.
    public let sourceDuration: Double
    /// D, seconds.
    public let duration: Double
    /// The time map the source was retimed along; nil for one constant factor.
    public let timeMap: TimeMap?
    /// The output's frame rate, frames per second.
    public let fps: Rational
    /// Video frames written.
    public let frames: Int
    /// How the frames were made; nil when no video is written.
    public let motion: Motion?
    /// The video codec written; nil when no video is written.
    public let videoCodec: VideoCodec?
    /// The ProRes flavour written; nil unless ProRes video is written.
    public let proResProfile: ProResProfile?
    /// The audio codec written; nil when no audio is written.
    public let audioCodec: AudioCodec?
    /// The audio tracks written, in the output's order: each one's track
    /// number in the input, rate and samples per channel.
    public let audioTracks: [AudioPlan]
    /// The first audio track's samples per channel as written (0 without audio).
    public var audioSamples: Int { audioTracks.first?.writtenSamples ?? 0 }
    /// The audio was stretched keeping its pitch (SPEC §10).
    public let keepsPitch: Bool
    /// Wall-clock seconds the conversion took.
    public let seconds: Double
    /// What the file holds, read back from it before it was put in place.
    public let measured: MeasuredOutput
    /// What of the source the output keeps, changes and leaves out.
    public let carryover: Carryover
    /// The part written (`--part`), if the output is one.
    public var part: PartManifest? = nil
    /// The cuts --motion flow found, where it showed the nearer frame and
    /// made no in-between; nil unless flow made the pictures.
    public var cuts: Int? = nil
}
