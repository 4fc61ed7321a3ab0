import TestSupport
import Testing

@testable import Timing

/// Where frames land (SPEC §4, §8): a frame t seconds after the first at
/// `g(t) · fps` output frames, each expected value worked out by hand from
/// the map.
@Suite(.tags(.unit))
struct LandingTests {
    /// f = 2 from 0.5 s, for S = 2 s, at 30 fps, timestamps in 1/90000 s:
    /// g(t) · fps = 2 · (t − 0.5) · 30 = 60t − 30, up to t = 2.5 s.
    @Test func aFactorLandsAFrameAtFTimesItsTimeAfterTheStart() throws {
        let scale = try #require(Retime(sourceDuration: r("2"), target: .factor(r("2"))))
        let landing = try #require(Landing(retiming: .factor(scale, start: r("1/2")), fps: r("30"), timeBase: r("1/90000")))
        #expect(landing.position(of: 0) == .zero)
        #expect(landing.position(of: 45000) == .zero, "the frame at the start")
        #expect(landing.position(of: 90000) == r("30"))
        // 93003/90000 s: 60 · 93003/90000 − 30 = 48003/1500.
        #expect(landing.position(of: 93003) == r("48003/1500"))
        #expect(landing.tick(of: 93003, frameCount: 100) == 33)
        #expect(landing.tick(of: 93003, frameCount: 20) == 20, "clamped to N")
        #expect(landing.position(of: 225000) == r("120") && !landing.isPastEnd(225000), "the part's last instant, 2.5 s")
        #expect(landing.isPastEnd(225001) && landing.tick(of: 225001, frameCount: 130) == 130, "past the part's end")
    }

    /// The map 0=0, 1=1, 1=1.5 (a freeze), 1.5=3.5, 3=4.25 at 30 fps, a frame every 1/30 s.
    @Test func aMapLandsAFrameOnItsStretchAndHoldsAFreeze() throws {
        let map = try TimeMap(list: "0=0,1=1,1=1.5,1.5=3.5,3=4.25", fps: r("30"))
        let landing = try #require(Landing(knots: map.knots, fps: r("30"), timeBase: r("1/30")))
        // t = 0.5 on g(t) = t: 15.
        #expect(landing.position(of: 15) == r("15"))
        // t = 1, the freeze's start: g = 1.
        #expect(landing.position(of: 30) == r("30"))
        // t = 1.2, from (1, 1.5) to (1.5, 3.5), slope 4: g = 2.3, 69 frames.
        #expect(landing.position(of: 36) == r("69"))
        // t = 2, from (1.5, 3.5) to (3, 4.25), slope 1/2: g = 3.75, 112.5 frames; the first frame at or after is 113.
        #expect(landing.position(of: 60) == r("225/2"))
        #expect(landing.tick(of: 60, frameCount: 128) == 113)
        // The last knot's frame is the map's; the next is past its end.
        #expect(!landing.isPastEnd(90) && landing.isPastEnd(91))
        #expect(landing.tick(of: 91, frameCount: 128) == 128)
        // The freeze at 1 s ends at 1.5 s, frame 45: between frames at or before 1 s and after it.
        #expect(landing.freezeEnd(from: 29, to: 31) == r("45"))
        #expect(landing.freezeEnd(from: 30, to: 31) == r("45"))
        #expect(landing.freezeEnd(from: 31, to: 40) == nil)
    }
}
