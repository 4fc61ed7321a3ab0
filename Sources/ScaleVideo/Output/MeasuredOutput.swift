/// What a written file holds, read back from the file itself: a script can
/// check the exact-duration promise without another tool.
public struct MeasuredOutput: Sendable, Equatable {
    /// One audio track as read back.
    public struct Audio: Sendable, Equatable {
        /// Samples per channel as a player presents them: decoded, less the
        /// encoder's priming and padding the container marks.
        public let samples: Int
        /// `samples` over the sample rate.
        public let duration: Double

        /// A track's measurement.
        public init(samples: Int, duration: Double) {
            self.samples = samples
            self.duration = duration
        }
    }

    /// Video packets in the file, one per frame.
    public let videoFrames: Int
    /// From the first frame's presentation time to the end of the last, seconds.
    public let videoDuration: Double
    /// Each audio track, in the file's order.
    public let audioTracks: [Audio]

    /// The first audio track's samples per channel; 0 without audio.
    public var audioSamples: Int { audioTracks.first?.samples ?? 0 }
    /// The first audio track's duration in seconds; 0 without audio.
    public var audioDuration: Double { audioTracks.first?.duration ?? 0 }
    /// The first audio track's duration less the video's; nil without audio or without video.
    public var avDrift: Double? { audioSamples > 0 && videoFrames > 0 ? audioDuration - videoDuration : nil }

    /// A measurement made elsewhere; the job makes its own by reading the file back.
    public init(videoFrames: Int, videoDuration: Double, audioTracks: [Audio]) {
        self.videoFrames = videoFrames
        self.videoDuration = videoDuration
        self.audioTracks = audioTracks
    }

    /// Refuses a written file (the `name` a message calls it) that does not
    /// hold `frames` video frames, the number planned.
    func check(frames: Int, in name: String) throws {
        guard videoFrames == frames else {
            throw ScaleError.failed("the written \(name) holds \(videoFrames) video frames, not \(frames)")
        }
    }
}
