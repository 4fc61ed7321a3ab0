/// The audio a job scales: from which stream, the source samples the scaler
/// takes and how many it makes of them (SPEC §5, or along a time map §8),
/// and how they are written.
public struct AudioPlan: Sendable {
    /// The input's path, the audio stream's index in it, and its tags.
    let input: String
    let streamIndex: Int32
    let tags: [Tag]
    /// Samples per second, kept.
    public let rate: Int
    /// Samples per channel the scaler makes: `Int(Double(sourceSamples) · f)`,
    /// or along a time map the last of its output boundaries.
    public let samples: Int
    /// The source samples lined up with the video, trimmed, and padded with --pad-audio.
    let alignment: AudioAlignment
    /// How many of them the source holds (the rest is --pad-audio's silence).
    let available: Int
    /// Which of them become how many output samples: one segment for a
    /// constant factor, the map's segments along a time map.
    let segments: AudioMapPlan
    let encoding: AudioEncoding
    /// The channels are averaged into one before scaling (--mono).
    let mono: Bool
    /// Stretched keeping the pitch (SPEC §10) rather than tape-style.
    public let keepsPitch: Bool

    /// Samples per channel the scaler takes.
    public var sourceSamples: Int { segments.sourceEnd - segments.sourceStart }

    /// How long the audio written lasts: its samples over the rate.
    public var seconds: Double { Double(samples) / Double(rate) }
}
