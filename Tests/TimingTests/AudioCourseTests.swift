import TestSupport
import Testing

@testable import Timing

/// Which samples of a track a retiming takes, and to how many, worked out
/// here from SPEC §5 (one factor: the trimmed count to `Int(count · f)`)
/// and §8 (a map: `c_j = round(s_j · rate)`, the last L `Int(κ · F)`).
@Suite(.tags(.unit))
struct AudioCourseTests {
    func r(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }
    let rate = 48000
    /// 150,000 samples lined up with a picture that lasts 3 s (144,000 samples).
    var long: AudioAlignment { AudioAlignment(decoded: 150_000, audioStart: r(0), videoStart: r(0), rate: rate)! }

    func factor(_ target: Retime.Target, start: Rational = .zero, seconds: Rational) -> Retiming {
        .factor(Retime(sourceDuration: seconds, target: target)!, start: start)
    }

    func course(_ retiming: Retiming, _ lined: AudioAlignment, padded: Bool = false) throws -> AudioCourse? {
        try retiming.audioCourse(of: lined, rate: rate, whole: r(3), padded: padded, following: nil)
    }

    /// SPEC §8: `0=0,S=D` is exactly `--duration D`, to the bit: every sample
    /// (the audio past the picture's end too) to Int(150000 · 2.5).
    @Test func theFactorsMapIsTheFactor() throws {
        let map = try TimeMap(list: "0=0,3=7.5", fps: r(30))
        let byMap = try #require(try course(.map(map), long))
        let byDuration = try #require(try course(factor(.duration(r(15, 2)), seconds: r(3)), long))
        #expect(byMap == byDuration)
        #expect(byMap.segments.segments == [AudioMapPlan.Segment(first: 0, count: 150_000, length: 375_000)])
        #expect(byMap.available == 150_000 && byMap.alignment.count == 150_000)
    }

    /// One factor from 1/3 s to 2.5 s takes samples round(16000) ..< round(120000)
    /// (§5's count is the trimmed part's) to Int(104000 · 2).
    @Test func aFactorTakesTheTrimmedPart() throws {
        let trimmed = try #require(try course(factor(.factor(r(2)), start: r(1, 3), seconds: r(13, 6)), long))
        #expect(trimmed.alignment.count == 104_000 && trimmed.alignment.lead == -16_000 && trimmed.available == 104_000)
        #expect(trimmed.segments.segments == [AudioMapPlan.Segment(first: 0, count: 104_000, length: 208_000)])
        // The map through the same points keeps the whole track and starts its segment at c_0.
        let map = try #require(try course(.map(try TimeMap(list: "1/3=0,5/2=13/3", fps: r(30))), long))
        #expect(map.alignment.count == 150_000 && map.alignment.lead == 0)
        #expect(map.segments.segments == [AudioMapPlan.Segment(first: 16_000, count: 104_000, length: 208_000)])
    }

    /// --pad-audio: silence to the end of the part shown (3 s, 144,000
    /// samples), of which the source holds 100,000.
    @Test func paddingReachesThePartsEnd() throws {
        let short = AudioAlignment(decoded: 100_000, audioStart: r(0), videoStart: r(0), rate: rate)!
        let byFactor = try #require(try course(factor(.factor(r(2)), seconds: r(3)), short, padded: true))
        #expect(byFactor.available == 100_000 && byFactor.alignment.count == 144_000)
        #expect(byFactor.segments.segments == [AudioMapPlan.Segment(first: 0, count: 144_000, length: 288_000)])
        let byMap = try #require(try course(.map(try TimeMap(list: "0=0,3=6", fps: r(30))), short, padded: true))
        #expect(byMap == byFactor)
        let unpadded = try #require(try course(factor(.factor(r(2)), seconds: r(3)), short))
        #expect(unpadded.segments.segments == [AudioMapPlan.Segment(first: 0, count: 100_000, length: 200_000)])
    }
}
