import TestSupport
import Testing

@testable import Timing

/// Chapter retiming, Matroska's clock times and the audio's alignment with
/// the picture.
@Suite(.tags(.unit))
struct MetadataTimingTests {
    func r(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }

    @Test func clockTimesParse() {
        #expect(Rational(clockTime: "00:00:02.007000000") == r(2007, 1000))
        #expect(Rational(clockTime: "01:02:03.5") == r(7447, 2))
        #expect(Rational(clockTime: "00:61:00.0") == nil)
        #expect(Rational(clockTime: "2.0") == nil)
        #expect(Rational(clockTime: "00:00:-1.0") == nil)
    }

    /// One factor f from `start` seconds of a source lasting `seconds`: the
    /// map (start, 0) to (start + seconds, seconds · f) (SPEC §11).
    func factor(_ f: Rational, start: Rational = .zero, seconds: Rational = Rational(100, 1)!) -> TimeMap {
        TimeMap(scale: Retime(sourceDuration: seconds, target: .factor(f))!, start: start)!
    }

    /// SPEC §11: a chapter from a to b is retimed by g; for one factor f
    /// from `start`, g(t) = (t − start) · f.
    @Test func chaptersMoveWithTheFactorFromTheVideoStart() {
        let chapter = Chapter(start: r(1), end: r(3), tags: [Tag("title", "Main")])
        let slow = chapter.retimed(from: r(0), along: factor(r(2)))
        #expect(slow == Chapter(start: r(2), end: r(6), tags: [Tag("title", "Main")]))
        let late = chapter.retimed(from: r(0), along: factor(r(1, 2), start: r(1, 2)))
        #expect(late?.start == r(1, 4) && late?.end == r(5, 4))
        let timeline = chapter.retimed(from: r(1, 2), along: factor(r(1, 2)))
        #expect(timeline?.start == r(1, 4) && timeline?.end == r(5, 4))
    }

    /// What of a chapter lies outside the part kept is cut off; a chapter
    /// wholly outside it is left out.
    @Test func chaptersAreCutToTheOutput() {
        let chapter = Chapter(start: r(1), end: r(3), tags: [])
        #expect(chapter.retimed(from: r(0), along: factor(r(1), start: r(2)))?.start == r(0))
        #expect(chapter.retimed(from: r(0), along: factor(r(1), seconds: r(2)))?.end == r(2))
        #expect(chapter.retimed(from: r(0), along: factor(r(3), seconds: r(2)))?.end == r(6))
        #expect(chapter.retimed(from: r(0), along: factor(r(1), seconds: r(1))) == nil)
        #expect(chapter.retimed(from: r(0), along: factor(r(1), start: r(3))) == nil)
    }

    @Test func ticksRoundToNearest() {
        #expect(r(1, 3).ticks(per: 1000) == 333)
        #expect(r(2, 3).ticks(per: 1000) == 667)
        #expect(r(-2, 3).ticks(per: 1000) == -667)
        #expect(r(1, 2000).ticks(per: 1000) == 1)
    }

    @Test func lateAudioGetsSilenceInFrontAndEarlyAudioLosesItsHead() {
        let late = AudioAlignment(decoded: 48000, audioStart: r(13, 10), videoStart: r(1), rate: 48000)
        #expect(late == AudioAlignment(decoded: 48000, audioStart: r(3, 10), videoStart: r(0), rate: 48000))
        #expect(late?.lead == 14400 && late?.count == 62400)
        let early = AudioAlignment(decoded: 48000, audioStart: r(0), videoStart: r(1, 5), rate: 44100)
        #expect(early?.lead == -8820 && early?.count == 39180)
        let before = AudioAlignment(decoded: 4800, audioStart: r(0), videoStart: r(1), rate: 48000)
        #expect(before?.count == 0)
    }
}
