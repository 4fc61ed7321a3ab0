import TestSupport
import Testing

@testable import ScaleVideo

/// The pure parts behind --start/--end, --pad-audio, --mono and the sample
/// families: trim spans, sample ranges, the frame clock from a start, the
/// alignment cut and padded, channel merging and rounding per sample type.
@Suite(.tags(.unit))
struct TrimAndSampleTests {
    func r(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }

    /// For each output frame, the source frame shown, with source frames at timestamps 0, 1, 2, …
    func shown(_ start: FrameClock, frames: Int) -> [Int] {
        var clock = start
        var shown = [Int](repeating: -1, count: clock.frameCount)
        for i in 0..<frames {
            for k in clock.arrive(timestamp: Int64(i)) { shown[k] = i - 1 }
            if clock.isComplete { break }
        }
        return shown
    }

    @Test func aTrimSpansFromItsStartToItsEndOrTheSourcesEnd() {
        #expect(Trim(start: r(1), end: r(3)).duration(within: r(10)) == r(2))
        #expect(Trim(start: r(1), end: r(30)).duration(within: r(10)) == r(9))
        #expect(Trim(start: r(1, 2)).duration(within: r(10)) == r(19, 2))
        #expect(Trim(start: r(10)).duration(within: r(10)) == nil)
        #expect(Trim.whole.duration(within: r(7)) == r(7))
    }

    @Test func sampleBoundsRoundToTheNearestSample() {
        // 0.50001 s at 44.1 kHz is 22050.44 samples: 22050; 1.00002 s is 44100.88: 44101.
        let range = Trim(start: r(50001, 100000), end: r(100002, 100000)).samples(rate: 44100, duration: r(5))
        #expect(range.start == 22050 && range.end == 44101)
        // An end at or past the source's end leaves the audio's own end.
        #expect(Trim(start: r(1), end: r(5)).samples(rate: 8000, duration: r(5)).end == nil)
    }

    @Test func theFrameClockStartsWithTheFrameOnScreenAtTheStart() {
        // Frames every 1/10 s; start at 0.25 s, factor 1, 10 fps: output k
        // shows the last frame at or before 0.25 + k/10.
        let clock = FrameClock(factor: r(1), fps: r(10), timeBase: r(1, 10), frameCount: 4, start: r(1, 4))!
        #expect(shown(clock, frames: 10) == [2, 3, 4, 5])
    }

    @Test func aStartOnAFrameShowsThatFrameFirst() {
        let clock = FrameClock(factor: r(2), fps: r(10), timeBase: r(1, 10), frameCount: 4, start: r(3, 10))!
        // Frame 3 is at the start; at factor 2 each frame fills two outputs.
        #expect(shown(clock, frames: 10) == [3, 3, 4, 4])
    }

    @Test func theAlignedAudioIsCutAndPadded() {
        // Audio starting 0.01 s after the video at 1000 Hz: 10 silent samples in front.
        let aligned = AudioAlignment(decoded: 100, audioStart: r(1, 100), videoStart: r(0), rate: 1000)!
        #expect(aligned.lead == 10 && aligned.count == 110)
        let cut = aligned.trimmed(from: 4, to: 50)
        #expect(cut.lead == 6 && cut.count == 46)
        let pastLead = aligned.trimmed(from: 30, to: nil)
        #expect(pastLead.lead == -20 && pastLead.count == 80)
        #expect(aligned.padded(to: 200).count == 200)
        #expect(aligned.padded(to: 50).count == 110)
    }

    @Test func mergingAveragesTheChannelsAndRoundsToEven() {
        let stereo: [Int16] = [1, 2, -3, -4, 100, 101, 7, 7]
        var mono = [Int16](repeating: 0, count: 4)
        let frames = stereo.withUnsafeBufferPointer { input in
            mono.withUnsafeMutableBufferPointer { ChannelMerge.average(input, channels: 2, into: $0) }
        }
        // 1.5 → 2, -3.5 → -4, 100.5 → 100 (ties to even).
        #expect(frames == 4)
        #expect(mono == [2, -4, 100, 7])
    }

    @Test func eachSampleTypeRoundsAtItsOwnPrecision() {
        #expect(Int16(scaled: 2.5) == 2 && Int16(scaled: 40000) == Int16.max)
        #expect(Int32(scaled: -3.5) == -4 && Int32(scaled: 1e12) == Int32.max)
        // 24-bit in the top of 32: steps of 256.
        #expect(Sample24(scaled: 256 * 10 + 128).raw == 256 * 10)
        #expect(Sample24(scaled: 256 * 11 + 128).raw == 256 * 12)
        #expect(Sample24(scaled: 1e12).raw == 8_388_607 * 256)
        #expect(Float(scaled: 0.1) == Float(0.1))
    }
}
