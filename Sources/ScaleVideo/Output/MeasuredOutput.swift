/// What a written file holds, read back from the file itself: a script can
/// check the exact-duration promise without another tool.
public struct MeasuredOutput: Sendable, Equatable {
    /// Video packets in the file, one per frame.
    public let videoFrames: Int
    /// From the first frame's presentation time to the end of the last, seconds.
    public let videoDuration: Double
    /// Audio samples per channel as a player presents them: decoded, less the
    /// encoder's priming and padding the container marks; 0 without audio.
    public let audioSamples: Int
    /// `audioSamples` over the sample rate; 0 without audio.
    public let audioDuration: Double
    /// Audio duration less video duration; nil without audio or without video.
    public var avDrift: Double? { audioSamples > 0 && videoFrames > 0 ? audioDuration - videoDuration : nil }

    /// A measurement made elsewhere; the job makes its own by reading the file back.
    public init(videoFrames: Int, videoDuration: Double, audioSamples: Int, audioDuration: Double) {
        self.videoFrames = videoFrames
        self.videoDuration = videoDuration
        self.audioSamples = audioSamples
        self.audioDuration = audioDuration
    }
}
