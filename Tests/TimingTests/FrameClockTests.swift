import TestSupport
import Testing

@testable import Timing

/// Runs a clock over source timestamps; returns, for each output frame, the
/// index of the source frame it shows.
func schedule(
    timestamps: [Int64], timeBase: Rational, factor: Rational, fps: Rational, frameCount: Int
) -> [Int] {
    var clock = FrameClock(factor: factor, fps: fps, timeBase: timeBase, frameCount: frameCount)!
    var shown = [Int](repeating: -1, count: frameCount)
    for (i, timestamp) in timestamps.enumerated() {
        for k in clock.arrive(timestamp: timestamp) { shown[k] = i - 1 }
        if clock.isComplete { break }
    }
    for k in clock.finish() { shown[k] = timestamps.count - 1 }
    #expect(clock.decided == frameCount)
    return shown
}

/// The rule of SPEC §4 evaluated directly in rationals: the last i with
/// f · t_i ≤ k / fps, i.e. t_i · f · fps ≤ k.
func expectedSchedule(
    timestamps: [Int64], timeBase: Rational, factor: Rational, fps: Rational, frameCount: Int
) -> [Int] {
    let origin = timestamps[0]
    return (0..<frameCount).map { k in
        var last = 0
        for (i, t) in timestamps.enumerated() {
            // (t - origin) · tb · f · fps ≤ k  ⇔  (t - origin) · n ≤ k · d
            let product = timeBase.multiplied(by: factor)!.multiplied(by: fps)!
            if Int128(t - origin) * Int128(product.numerator) <= Int128(k) * Int128(product.denominator) {
                last = i
            }
        }
        return last
    }
}

@Suite(.tags(.unit))
struct FrameClockTests {
    @Test func slowingDownRepeatsEachFrame() {
        // 30 fps source, factor 2, 30 fps out: each frame shown twice.
        let shown = schedule(
            timestamps: Array(0..<5), timeBase: r("1/30"), factor: r("2"), fps: r("30"), frameCount: 10)
        #expect(shown == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
    }

    @Test func speedingUpSkipsFrames() {
        let shown = schedule(
            timestamps: Array(0..<10), timeBase: r("1/30"), factor: r("0.5"), fps: r("30"), frameCount: 5)
        #expect(shown == [0, 2, 4, 6, 8])
    }

    @Test func thirtyToTwentyFour() {
        let ts = Array(Int64(0)..<30)
        let shown = schedule(timestamps: ts, timeBase: r("1/30"), factor: r("1"), fps: r("24"), frameCount: 24)
        // k/24 s shows the last i with i/30 ≤ k/24: i = floor(5k/4).
        #expect(shown == (0..<24).map { 5 * $0 / 4 })
        #expect(shown == expectedSchedule(timestamps: ts, timeBase: r("1/30"), factor: r("1"), fps: r("24"), frameCount: 24))
    }

    @Test func twentyFiveToSixty() {
        let ts = Array(Int64(0)..<25).map { $0 * 512 }  // time base 1/12800
        let shown = schedule(timestamps: ts, timeBase: r("1/12800"), factor: r("1"), fps: r("60"), frameCount: 60)
        #expect(shown == (0..<60).map { 25 * $0 / 60 })
    }

    @Test func ntscRatesCompareExactly() {
        // 30000/1001 source at time base 1/30000 (1001 ticks a frame), kept at
        // the same rate: every frame lands exactly on a tick and shows once.
        let ts = Array(Int64(0)..<100).map { $0 * 1001 }
        let shown = schedule(
            timestamps: ts, timeBase: r("1/30000"), factor: r("1"), fps: r("30000/1001"), frameCount: 100)
        #expect(shown == Array(0..<100))
        // The same source to 30 fps: k/30 shows the last i with i·1001/30000 ≤ k/30.
        let toThirty = schedule(timestamps: ts, timeBase: r("1/30000"), factor: r("1"), fps: r("30"), frameCount: 100)
        #expect(toThirty == (0..<100).map { min(99, $0 * 1000 / 1001) })
    }

    @Test func exactTiesCountAsOnScreen() {
        // Factor 3/2 at 20 fps from 30 fps: frame i at scaled time i/20, exactly tick i.
        let shown = schedule(
            timestamps: Array(0..<6), timeBase: r("1/30"), factor: r("3/2"), fps: r("20"), frameCount: 6)
        #expect(shown == [0, 1, 2, 3, 4, 5])
    }

    @Test func variableFrameTimesFollowTheTimestamps() {
        // Frames at 0, 10, 11, 40, 90 ms (time base 1/1000), 100 fps out, factor 1.
        let ts: [Int64] = [0, 10, 11, 40, 90]
        let shown = schedule(timestamps: ts, timeBase: r("1/1000"), factor: r("1"), fps: r("100"), frameCount: 10)
        #expect(shown == [0, 1, 2, 2, 3, 3, 3, 3, 3, 4])
        #expect(shown == expectedSchedule(timestamps: ts, timeBase: r("1/1000"), factor: r("1"), fps: r("100"), frameCount: 10))
    }

    @Test func streamsStartingLateAreMeasuredFromTheirFirstFrame() {
        // An MPEG-TS stream at 1.4 s (90 kHz), 25 fps.
        let ts = Array(Int64(0)..<5).map { 126_000 + $0 * 3600 }
        let shown = schedule(timestamps: ts, timeBase: r("1/90000"), factor: r("2"), fps: r("25"), frameCount: 10)
        #expect(shown == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
    }

    @Test func theLastFrameIsHeldToTheEnd() {
        let shown = schedule(
            timestamps: [0, 1, 2], timeBase: r("1/30"), factor: r("1"), fps: r("30"), frameCount: 8)
        #expect(shown == [0, 1, 2, 2, 2, 2, 2, 2])
    }

    @Test func framesPastTheEndAreNotShown() {
        var clock = FrameClock(factor: r("1"), fps: r("10"), timeBase: r("1/10"), frameCount: 3)!
        #expect(clock.arrive(timestamp: 0).isEmpty)
        #expect(clock.arrive(timestamp: 1) == 0..<1)
        #expect(clock.arrive(timestamp: 7) == 1..<3)
        #expect(clock.isComplete)
        #expect(clock.finish().isEmpty)
    }

    @Test func randomSchedulesMatchTheRule() {
        var state: UInt64 = 42
        func next(_ bound: Int64) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % UInt64(bound)) + 1
        }
        for (factor, fps) in [("2", "30"), ("0.5", "24"), ("7/3", "60"), ("1", "30000/1001")] {
            var t: Int64 = 1000
            let ts = (0..<200).map { _ in
                defer { t += next(3000) }
                return t
            }
            let span = Double(ts.last! - ts[0]) / 90000 * r(factor).doubleValue
            let n = Int((span * r(fps).doubleValue).rounded(.up)) + 5
            let args = (timestamps: ts, timeBase: r("1/90000"), factor: r(factor), fps: r(fps), frameCount: n)
            #expect(schedule(timestamps: args.0, timeBase: args.1, factor: args.2, fps: args.3, frameCount: args.4)
                == expectedSchedule(timestamps: args.0, timeBase: args.1, factor: args.2, fps: args.3, frameCount: args.4))
        }
    }

    /// Frames the clock calls hidden, judged against any later frame, are
    /// exactly frames no output shows: leaving them out changes nothing.
    @Test(arguments: [("0.5", "30"), ("1", "24"), ("0.1", "30"), ("2", "30"), ("3/7", "30000/1001")])
    func hiddenFramesCanBeLeftOut(factor: String, fps: String) {
        var random = SeededRandom(seed: 11)
        var t: Int64 = 0
        let ts = (0..<300).map { _ in
            defer { t += Int64.random(in: 2000...4000, using: &random) }
            return t
        }
        let n = Int((Double(ts.last!) / 90000 * r(factor).doubleValue * r(fps).doubleValue).rounded(.up)) + 1
        var clock = FrameClock(factor: r(factor), fps: r(fps), timeBase: r("1/90000"), frameCount: n)!
        var shown = [Int](repeating: -1, count: n)
        var held = -1
        var leftOut = Set<Int>()
        for (i, timestamp) in ts.enumerated() {
            let later = i + 1 < ts.count ? ts[Int.random(in: (i + 1)...min(i + 3, ts.count - 1), using: &random)] : nil
            if let later, clock.hides(timestamp, before: later) {
                leftOut.insert(i)
                continue
            }
            for k in clock.arrive(timestamp: timestamp) { shown[k] = held }
            held = i
        }
        for k in clock.finish() { shown[k] = held }
        let expected = expectedSchedule(timestamps: ts, timeBase: r("1/90000"), factor: r(factor), fps: r(fps), frameCount: n)
        #expect(shown == expected)
        #expect(leftOut.isDisjoint(with: expected))
        if r(factor).doubleValue * r(fps).doubleValue < 30 { #expect(!leftOut.isEmpty) }
    }
}

@Suite(.tags(.unit))
struct RetimeTests {
    @Test func frameCountIsTheCeilingWithTolerance() {
        let scale = Retime(sourceDuration: r("10"), target: .duration(r("7.3")))!
        #expect(scale.frameCount(fps: r("60")) == 438)
        #expect(scale.frameCount(fps: r("30")) == 219)
        let twice = Retime(sourceDuration: r("3.5"), target: .factor(r("2")))!
        #expect(twice.frameCount(fps: r("30")) == 210)
        #expect(twice.frameCount(fps: r("29.97")) == 210)  // 209.79 → 210
        let odd = Retime(sourceDuration: r("1"), target: .duration(r("1.01")))!
        #expect(odd.frameCount(fps: r("30")) == 31)  // 30.3 → 31
    }

    @Test func factorIsExactForBothTargets() {
        #expect(Retime(sourceDuration: r("4"), target: .factor(r("0.5")))!.factor == r("1/2"))
        let byDuration = Retime(sourceDuration: r("3"), target: .duration(r("7.3")))!
        #expect(byDuration.factor == r("73/30"))
        // SPEC §5 truncates in Double: 144000 · (7.3 / 3) is 350399.99999999994.
        #expect(byDuration.audioLength(count: 48000 * 3) == 350_399)
        #expect(byDuration.audioLength(count: 48000 * 3) == Int(Double(48000 * 3) * (7.3 / 3.0)))
    }

    @Test func impossibleTargetsAreRefused() {
        #expect(Retime(sourceDuration: r("3"), target: .factor(r("0"))) == nil)
        #expect(Retime(sourceDuration: r("3"), target: .duration(r("-1"))) == nil)
        #expect(Retime(sourceDuration: r("0"), target: .factor(r("1"))) == nil)
    }
}

@Suite(.tags(.unit))
struct RationalTests {
    @Test func parsesIntegersDecimalsAndRatios() {
        #expect(Rational(parsing: "30") == Rational(30, 1))
        #expect(Rational(parsing: "29.97") == Rational(2997, 100))
        #expect(Rational(parsing: "30000/1001") == Rational(30000, 1001))
        #expect(Rational(parsing: "0.5") == Rational(1, 2))
        #expect(Rational(parsing: ".5") == Rational(1, 2))
        #expect(Rational(parsing: "-1") == Rational(-1, 1))
    }

    @Test func refusesWhatIsNotANumber() {
        for text in ["", "nan", "inf", "1e3", "1/0", "abc", "1.2.3", "1/2/3", "٣"] {
            #expect(Rational(parsing: text) == nil, "\(text)")
        }
    }
}
