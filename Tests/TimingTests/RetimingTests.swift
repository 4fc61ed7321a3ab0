import TestSupport
import Testing

@testable import Timing

/// How fast a retiming runs through the source, which decides whether the
/// video reads the file alone to seek (FrameReader) and how far
/// ahead a lane may run (a second of source at most).
@Suite(.tags(.unit))
struct RetimingTests {
    private func map(_ knots: [(String, String)]) throws -> TimeMap {
        try TimeMap(knots: knots.map { TimeMap.Knot(source: r($0.0), output: r($0.1)) }, fps: r("30"))
    }

    @Test func theFastestSpeedIsTheSourceSecondsAnOutputSecondShows() throws {
        let twice = Retiming.factor(try #require(Retime(sourceDuration: r("6"), target: .factor(r("2")))), start: .zero)
        #expect(twice.fastestSpeed == 0.5)
        let tenth = Retiming.factor(try #require(Retime(sourceDuration: r("6"), target: .factor(r("1/10")))), start: .zero)
        #expect(abs(tenth.fastestSpeed - 10) < 1e-12)
        // 0–2 s at speed 1, a freeze, then 2–6 s in 2 s: speed 2.
        #expect(Retiming.map(try map([("0", "0"), ("2", "2"), ("2", "3"), ("6", "5")])).fastestSpeed == 2)
    }

    /// At 30 fps: a tenth of the speed passes 1/3 s of source a frame; a
    /// start at 285 s passes 285 s before the first; a map from 5 s that
    /// shows 60 s in one passes 2 s a frame.
    @Test func theLongestSkipIsTheStartOrTheSourceBetweenTwoFrames() throws {
        let thirty = r("30")
        let tenth = Retiming.factor(try #require(Retime(sourceDuration: r("6"), target: .factor(r("1/10")))), start: .zero)
        #expect(abs(tenth.longestSkip(fps: thirty) - 1.0 / 3) < 1e-12)
        let late = Retiming.factor(try #require(Retime(sourceDuration: r("10"), target: .factor(r("2")))), start: r("285"))
        #expect(late.longestSkip(fps: thirty) == 285)
        #expect(Retiming.map(try map([("5", "0"), ("65", "1")])).longestSkip(fps: thirty) == 5)
        #expect(Retiming.map(try map([("1", "0"), ("61", "1"), ("62", "2")])).longestSkip(fps: thirty) == 2)
    }
}
