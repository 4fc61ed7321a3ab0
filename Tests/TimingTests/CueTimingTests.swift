import TestSupport
import Testing

@testable import Timing

/// SPEC §11's cue rules, with the output times worked out by hand from its
/// text (g linear between knots; at a freeze, g(s) is its first d).
@Suite(.tags(.unit))
struct CueTimingTests {
    private static func r(_ text: String) -> Rational { Rational(parsing: text)! }

    /// Map 0.5=0,1=1,1=1.5,2=2: the first half second cut, 0.5–1 s twice as
    /// slow, a freeze at 1 s from 1 to 1.5, then 1–2 s twice as fast.
    static let map = try! TimeMap(list: "0.5=0,1=1,1=1.5,2=2", fps: Rational(30, 1)!)

    @Test(arguments: [
        ("0.1", "0.3", nil as (String, String)?),  // wholly in the cut: left out
        ("0.2", "0.7", ("0", "0.4")),  // crosses the cut: clipped to it
        ("0.8", "1", ("0.6", "1")),  // ends as the freeze starts
        ("0.9", "1.2", ("0.8", "1.6")),  // on screen when the freeze starts: through it
        ("1", "1.1", ("1", "1.55")),  // starts with the freeze: through it
        ("1.8", "2.5", ("1.9", "2")),  // crosses the end: to D
        ("2", "2.5", nil),  // starts at the end: nothing of it is shown
        ("0.3", "0.3", ("0", "0")),  // a point before the part kept: at its start
        ("1.5", "1.5", ("1.75", "1.75")),
        ("2.5", "2.5", nil),  // a point after it: left out
    ])
    func cuesFollowTheMap(start: String, end: String, expected: (String, String)?) {
        let retimed = CueTiming.retimed(start: Self.r(start), end: Self.r(end), along: Self.map)
        #expect(retimed?.start == expected.map { Self.r($0.0) } && retimed?.end == expected.map { Self.r($0.1) }, "\(start)–\(end)")
    }

    /// A freeze at the map's end holds a cue still on screen there, not one that ended at it.
    @Test func aFinalFreezeHoldsOnlyACueStillOnScreen() throws {
        let map = try TimeMap(list: "0=0,1=1,1=3", fps: Rational(30, 1)!)
        #expect(CueTiming.retimed(start: Self.r("0.5"), end: Self.r("1.5"), along: map).map { [$0.start, $0.end] } == [Self.r("0.5"), Self.r("3")])
        #expect(CueTiming.retimed(start: Self.r("0.5"), end: Self.r("1"), along: map).map { [$0.start, $0.end] } == [Self.r("0.5"), Self.r("1")])
        #expect(CueTiming.retimed(start: Self.r("1"), end: Self.r("2"), along: map).map { [$0.start, $0.end] } == [Self.r("1"), Self.r("3")])
    }

    /// One factor from --start, as its map (1, 0) to (3, 4): f · (t − start), clipped to the output's 0…D.
    @Test(arguments: [
        ("0.5", "1.5", ("0", "1")), ("1.25", "2", ("0.5", "2")), ("2.5", "3.5", ("3", "4")), ("3.5", "4", nil),
        ("0.2", "0.5", nil), ("0.5", "0.5", ("0", "0")), ("2", "2", ("2", "2")),
    ] as [(String, String, (String, String)?)])
    func cuesFollowAFactor(start: String, end: String, expected: (String, String)?) {
        let scale = Retime(sourceDuration: Self.r("2"), target: .factor(Self.r("2")))!
        let map = Retiming.factor(scale, start: Self.r("1")).map!
        let retimed = CueTiming.retimed(start: Self.r(start), end: Self.r(end), along: map)
        #expect(retimed?.start == expected.map { Self.r($0.0) } && retimed?.end == expected.map { Self.r($0.1) }, "\(start)–\(end)")
    }
}
