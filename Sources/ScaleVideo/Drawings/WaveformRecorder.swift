import FoundationEssentials
import Glibc

/// Follows the audio a job scales, for `--waveform`: the source samples as
/// the stretch takes them and the scaled samples as they are made, each
/// frame's channels averaged, turned into decibels and averaged down to one
/// level per bar as they pass. Memory is bounded by the picture's width,
/// whatever the audio's length. Used by the audio lane, then read by the job
/// once the lane has finished: it goes to the lane's queue with the lane.
final class WaveformRecorder {
    let noiseFloor: Double
    private let sourceCount: Int
    private let scaledCount: Int
    private var sourceSeen = 0
    private var source: Downsampler
    private var scaled: Downsampler

    /// - Parameters:
    ///   - sourceCount: source frames the stretch takes (lined up, trimmed, padded).
    ///   - scaledCount: scaled frames it makes.
    ///   - bars: levels per picture row.
    init(sourceCount: Int, scaledCount: Int, bars: Int, noiseFloor: Double) {
        self.noiseFloor = noiseFloor
        self.sourceCount = sourceCount
        self.scaledCount = scaledCount
        source = Downsampler(total: sourceCount, width: bars)
        scaled = Downsampler(total: scaledCount, width: bars)
    }

    func recordSource<Sample: PCMSample>(_ samples: UnsafeBufferPointer<Sample>, channels: Int) {
        Self.record(samples, channels: channels, noiseFloor: noiseFloor, into: &source)
        sourceSeen += samples.count / channels
    }

    func recordScaled<Sample: PCMSample>(_ samples: UnsafeBufferPointer<Sample>, channels: Int) {
        Self.record(samples, channels: channels, noiseFloor: noiseFloor, into: &scaled)
    }

    /// The source has ended: the frames it lacks (silence the stretch reads
    /// past its end) count as silence.
    func finishSource() {
        while sourceSeen < sourceCount {
            source.push(noiseFloor)
            sourceSeen += 1
        }
    }

    /// The two rows of the picture: the source over its duration, the
    /// scaled audio over its own, each axis spanning what its bars cover
    /// (a group too short to average is left out).
    /// - Parameter retiming: how the audio was scaled, for the second
    ///   row's title (`×2`, `along 4 knots`).
    func panels(sourceDuration: Double, scaledDuration: Double, retiming: String) -> [WaveformPanel] {
        [
            WaveformPanel(
                title: "source  \(Self.seconds(sourceDuration))",
                duration: Self.covered(source, of: sourceCount, lasting: sourceDuration), levels: source.values),
            WaveformPanel(
                title: "scaled \(retiming)  \(Self.seconds(scaledDuration))",
                duration: Self.covered(scaled, of: scaledCount, lasting: scaledDuration), levels: scaled.values),
        ]
    }

    private static func covered(_ downsampler: Downsampler, of total: Int, lasting duration: Double) -> Double {
        duration * Double(downsampler.values.count * downsampler.factor) / Double(total)
    }

    private static func record<Sample: PCMSample>(
        _ samples: UnsafeBufferPointer<Sample>, channels: Int, noiseFloor: Double, into downsampler: inout Downsampler
    ) {
        for frame in 0..<(samples.count / channels) {
            let level = ChannelMerge.mean(samples, frame: frame, channels: channels)
            downsampler.push(Decibels.level(level, fullScale: Sample.fullScale, noiseFloor: noiseFloor))
        }
    }

    private static func seconds(_ value: Double) -> String { String(printf: "%.2f s", value) }
}
