import TestSupport
import Testing

@testable import Timing

/// N = ceil(D · fps), exactly.
private func frameCount(_ map: TimeMap, fps: Rational) -> Int {
    let product = map.duration.multiplied(by: fps)!
    let quotient = product.numerator / product.denominator
    return Int(product.numerator % product.denominator > 0 ? quotient + 1 : quotient)
}

/// Runs a map's clock over source timestamps, leaving out the frames it
/// calls hidden (judged against the next timestamp); returns, for each
/// output frame, the index of the source frame it shows.
private func mapSchedule(timestamps: [Int64], timeBase: Rational, map: TimeMap, fps: Rational) -> [Int] {
    let n = frameCount(map, fps: fps)
    var clock = FrameClock(map: map, fps: fps, timeBase: timeBase, frameCount: n)!
    var shown = [Int](repeating: -1, count: n)
    var held = -1
    for (i, timestamp) in timestamps.enumerated() {
        if i + 1 < timestamps.count, clock.hides(timestamp, before: timestamps[i + 1]) { continue }
        for k in clock.arrive(timestamp: timestamp) { shown[k] = held }
        held = i
        if clock.isComplete { break }
    }
    for k in clock.finish() { shown[k] = held }
    #expect(clock.decided == n)
    return shown
}

/// SPEC §8's video rule, word by word: output frame k shows the last source
/// frame i with g(t_i) ≤ k / fps, where the frame on screen at the first
/// knot's s (the last with t_i ≤ it) counts as arriving at 0; frames before
/// it and after the last knot's s are left out.
private func expectedMapSchedule(timestamps: [Int64], timeBase: Rational, map: TimeMap, fps: Rational) -> [Int] {
    let times = timestamps.map { timeBase.multiplied(by: Rational($0 - timestamps[0], 1)!)! }
    let onScreenAtStart = times.lastIndex(where: { $0 <= map.sourceStart })!
    let arrivals: [Rational?] = times.enumerated().map { i, t in
        if i == onScreenAtStart { return .zero }
        if t < map.sourceStart { return nil }
        return referenceOutputTime(map.knots, at: t)
    }
    return (0..<frameCount(map, fps: fps)).map { k in
        let now = Rational(Int64(k), 1)!.divided(by: fps)!
        return arrivals.lastIndex(where: { $0.map { $0 <= now } ?? false })!
    }
}

@Suite(.tags(.unit))
struct MapClockTests {
    let thirty = Rational(30, 1)!

    @Test func aRampWithAFreezeShowsTheFramesTheRuleNames() throws {
        // 30 fps source frames i at i/30 s; normal to 1 s, held 1/2 s, a
        // quarter speed for 1/2 s of source, then twice as fast to 3 s.
        let map = try TimeMap(list: "0=0,1=1,1=1.5,1.5=3.5,3=4.25", fps: thirty)
        let ts = Array(Int64(0)..<90)
        let shown = mapSchedule(timestamps: ts, timeBase: r("1/30"), map: map, fps: thirty)
        #expect(shown.count == 128)  // 4.25 · 30 = 127.5
        #expect(Array(shown[0...30]) == Array(0...30))
        #expect(Array(shown[30...45]) == Array(repeating: 30, count: 16))  // the freeze holds frame 30
        // After the freeze, frame 30 + m arrives at 1.5 + 4m/30: output frame 45 + 4m.
        #expect(Array(shown[46...49]) == [30, 30, 30, 31])
        // Then frame 45 + m arrives at 3.5 + m/60, output frame 105 + m/2 (ties count as on screen).
        #expect(Array(shown[104...107]) == [44, 45, 47, 49])
        #expect(shown.last == 89)
        #expect(shown == expectedMapSchedule(timestamps: ts, timeBase: r("1/30"), map: map, fps: thirty))
    }

    @Test func aMapCutsBothEnds() throws {
        // From 2.01 s to 3 s at twice the speed, 60 output frames: frame 60
        // (2 s) is on screen at 2.01 s; frame 90 (3 s) would arrive at 1.98 s,
        // after the last output frame (59/30 s), and frame 89 arrives at 1.91 s.
        let map = try TimeMap(list: "2.01=0,3=1.98", fps: thirty)
        let ts = Array(Int64(0)..<150)
        let shown = mapSchedule(timestamps: ts, timeBase: r("1/30"), map: map, fps: thirty)
        #expect(shown.first == 60)
        #expect(shown.count == 60 && shown.max() == 89)
        #expect(shown == expectedMapSchedule(timestamps: ts, timeBase: r("1/30"), map: map, fps: thirty))
    }

    @Test(arguments: [
        "0=0,1=1,1=1.5,1.5=3.5,3=4.25", "0.5=0,0.5=1,2=2,2=2.2,5.5=3", "0=0,6=1", "1/3=0,7/3=8,10/3=9,10/3=10",
        "0=0,2.5=2.5,2.5=3.1,9.9=3.2",
    ])
    func randomTimestampsMatchTheRule(knots: String) throws {
        var random = SeededRandom(seed: 5)
        for fps in ["30", "24", "30000/1001", "60"] {
            let map = try TimeMap(list: knots, fps: r(fps))
            var t: Int64 = 7000
            let ts = (0..<300).map { _ in
                defer { t += Int64.random(in: 1500...4500, using: &random) }
                return t
            }
            #expect(
                mapSchedule(timestamps: ts, timeBase: r("1/90000"), map: map, fps: r(fps))
                    == expectedMapSchedule(timestamps: ts, timeBase: r("1/90000"), map: map, fps: r(fps)),
                "\(knots) at \(fps)")
        }
    }

    /// `0=0,S=D` is the factor D / S: the same frame for every output frame.
    @Test(arguments: [("10", "20"), ("10", "7.3"), ("9.97", "3"), ("3.2", "3.2")])
    func theOneSegmentMapIsTheFactor(source: String, duration: String) throws {
        var random = SeededRandom(seed: 17)
        let fps = r("30000/1001")
        let map = try TimeMap.constant(sourceDuration: r(source), duration: r(duration), fps: fps)
        var t: Int64 = 0
        var ts: [Int64] = []
        while Double(t) / 90000 < r(source).doubleValue {
            ts.append(t)
            t += Int64.random(in: 1000...4000, using: &random)
        }
        let factor = r(duration).divided(by: r(source))!
        let n = frameCount(map, fps: fps)
        #expect(
            mapSchedule(timestamps: ts, timeBase: r("1/90000"), map: map, fps: fps)
                == schedule(timestamps: ts, timeBase: r("1/90000"), factor: factor, fps: fps, frameCount: n))
    }
}
