/// Merges interleaved channels into one: each frame's channels averaged,
/// then brought back to the sample type as the stretch does (rounded for
/// integers).
public enum ChannelMerge {
    /// Writes one merged sample per frame of `samples` into `output`, which
    /// must hold `samples.count / channels`; returns that count.
    @discardableResult
    public static func average<Sample: PCMSample>(
        _ samples: UnsafeBufferPointer<Sample>, channels: Int, into output: UnsafeMutableBufferPointer<Sample>
    ) -> Int {
        let frames = samples.count / channels
        precondition(output.count >= frames, "merge output too small")
        for frame in 0..<frames {
            output[frame] = Sample(scaled: mean(samples, frame: frame, channels: channels))
        }
        return frames
    }

    /// The average of frame `frame`'s channels.
    @inline(__always)
    public static func mean<Sample: PCMSample>(_ samples: UnsafeBufferPointer<Sample>, frame: Int, channels: Int) -> Double {
        var sum = 0.0
        for channel in 0..<channels { sum += samples[frame * channels + channel].value }
        return sum / Double(channels)
    }
}
