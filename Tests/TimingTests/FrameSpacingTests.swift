import TestSupport
import Testing

@testable import Timing

/// The rate read from the frames' own timestamps (SPEC §12, `--fps source`),
/// on timestamps written out here as a muxer would round them.
@Suite(.tags(.unit))
struct FrameSpacingTests {
    static let milliseconds = Rational(1, 1000)!

    /// `count` frames at `rate` (num/den), each rounded to the nearest millisecond.
    static func rounded(count: Int, num: Int, den: Int) -> [Int64] {
        (0..<count).map { Int64((Double($0 * den * 1000) / Double(num)).rounded()) }
    }

    @Test func millisecondTicksGiveTheRateTheyWereRoundedFrom() throws {
        let ntsc = try #require(FrameSpacing(timestamps: Self.rounded(count: 120, num: 30000, den: 1001), timeBase: Self.milliseconds))
        #expect(ntsc.constantRate == Rational(30000, 1001))
        #expect(!ntsc.fits(Rational(30, 1)!))
        let thirty = try #require(FrameSpacing(timestamps: Self.rounded(count: 120, num: 30, den: 1), timeBase: Self.milliseconds))
        for average in [Rational(1000, 1)!, Rational(1000, 33)!, Rational(30, 1)!] {
            let rate = FrameSpacing.sourceRate(average: average, spacing: thirty)
            #expect(rate.rate == Rational(30, 1) && !rate.isVariable, "\(average)")
        }
        let sixty = try #require(FrameSpacing(timestamps: Self.rounded(count: 120, num: 60000, den: 1001), timeBase: Self.milliseconds))
        let read = FrameSpacing.sourceRate(average: Rational(19001, 317), spacing: sixty)
        #expect(read.rate == Rational(60000, 1001) && !read.isVariable)
    }

    @Test func anAverageExactInTheTimeBaseIsKept() throws {
        // 30 fps in an mp4 track of 15360 ticks a second: 512 a frame.
        let spacing = try #require(FrameSpacing(timestamps: (0..<60).map { Int64($0 * 512) }, timeBase: Rational(1, 15360)!))
        #expect(FrameSpacing.sourceRate(average: Rational(30, 1), spacing: spacing) == (Rational(30, 1), false))
        // 12.5 fps, a rate neither whole nor NTSC, frames 80 ms apart.
        let slow = try #require(FrameSpacing(timestamps: (0..<40).map { Int64($0 * 80) }, timeBase: Self.milliseconds))
        #expect(FrameSpacing.sourceRate(average: nil, spacing: slow) == (Rational(25, 2), false))
    }

    @Test func framesAtNoOneRateKeepTheAverageUnlessItIsTheTickRate() throws {
        // Five frames 33 or 34 ms apart, half a second of nothing, three more.
        let stamps: [Int64] = [0, 33, 67, 100, 133, 633, 667, 700]
        let spacing = try #require(FrameSpacing(timestamps: stamps, timeBase: Self.milliseconds))
        #expect(spacing.constantRate == nil)
        #expect(FrameSpacing.sourceRate(average: Rational(24, 1), spacing: spacing) == (Rational(24, 1), true))
        // 7 frames in 0.7 s.
        #expect(FrameSpacing.sourceRate(average: Rational(1000, 1), spacing: spacing) == (Rational(10, 1), true))
        #expect(FrameSpacing.sourceRate(average: nil, spacing: spacing) == (Rational(10, 1), true))
    }

    @Test func tooFewOrSharedTimestampsSayNothing() {
        #expect(FrameSpacing(timestamps: [0, 40], timeBase: Self.milliseconds) == nil)
        #expect(FrameSpacing(timestamps: [0, 0, 0], timeBase: Self.milliseconds) == nil)
        let shared = FrameSpacing(timestamps: [0, 40, 40, 80], timeBase: Self.milliseconds)
        #expect(shared?.constantRate == nil)
    }
}
