import TestSupport
import Testing

@testable import ScaleVideo

/// SPEC §10's sync, through the stretch the audio lane chooses (keptPitch):
/// a 440 Hz tone with 5 ms clicks a second apart, stretched by a factor at
/// every ratio from 0.25 to 4, along maps and along smooth curves that
/// reach four times slower; each click first heard (ToneAnalysis.onset) no
/// more than 15 ms before g(t) and 10 ms after it, the tone within 0.5%
/// away from speed changes, the count exact.
@Suite(.tags(.unit)) struct PitchSyncTests {
    static let rate = 48000
    static let clicks = [0.5, 1.5, 2.5, 3.5]

    /// The tone with its clicks: made once, the tests only read it.
    static let source: [Float] =
        ToneAnalysis.toneWithClicks(frequency: 440, rate: rate, seconds: 4, clicks: clicks, seed: 21, clickFrames: 240)
        .map { Float($0) }

    static func run(_ source: [Float], plan: AudioMapPlan) throws -> [Double] {
        let stretch: any AudioStretching<Float> = keptPitch(channels: 1, rate: rate, plan: plan, blockSize: 1024)
        var output: [Float] = []
        try source.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count {
                let end = min(offset + 4410, all.count)
                try stretch.push(UnsafeBufferPointer(rebasing: all[offset..<end])) { output += $0 }
                offset = end
            }
        }
        try stretch.finish { output += $0 }
        #expect(output.count == plan.length)
        return output.map { Double($0) }
    }

    /// Each click's onset against g(t), in ms; the tone between clicks and
    /// away from `changes` (output times where the speed changes, around
    /// which the pitch passes from one shift to the next) by 0.1 s.
    static func judge(_ output: [Double], g: (Double) -> Double, changes: [Double] = [], freeze: Range<Double>? = nil, label: String) {
        for click in clicks {
            let expected = Int((g(click) * Double(rate)).rounded())
            let found = ToneAnalysis.onset(in: output, near: expected, radius: Int(0.06 * Double(rate)), rate: rate)
            let error = Double(found - expected) / Double(rate) * 1000
            #expect(error >= -15 && error <= 10, "\(label): click at \(click) s heard \(error) ms from g(t)")
        }
        let edges = ([0.0] + clicks.map(g) + changes + [Double(output.count) / Double(rate)]).sorted()
        for (start, end) in zip(edges, edges.dropFirst()) where end - start > 0.3 && freeze?.lowerBound != start {
            let range = Int((start + 0.1) * Double(rate))..<Int((end - 0.1) * Double(rate))
            let measured = ToneAnalysis.frequency(of: output, in: range, rate: rate)
            #expect(abs(measured / 440 - 1) < 0.005, "\(label): \(measured) Hz from \(start) s to \(end) s")
        }
    }

    @Test(arguments: [0.25, 0.5, 0.8, 1.5, 2, 2.5, 3, 3.2, 3.6, 4])
    func everyRatioHearsEachClickInTime(ratio: Double) throws {
        let source = Self.source
        let output = try Self.run(source, plan: AudioMapPlan(count: source.count, length: Int(Double(source.count) * ratio)))
        Self.judge(output, g: { $0 * ratio }, label: "× \(ratio)")
    }

    /// Maps of several speeds (the stretcher, mixed with a tape and shift
    /// for each speed more than 1.5 times slower: up to four times slower)
    /// and of one speed with a freeze (tape and shift alone).
    @Test(arguments: [
        "0=0,1=3,2=3.5,3=6,4=7", "0=0,1=0.25,2=2.25,4=4", "0=0,1=4,1=5,4=17", "0=0,1=4,2=5,3=8.6,4=9.6",
        "0=0,1=3.2,2=3.45,3=5.95,4=9.95",
    ])
    func mapsHearEachClickInTime(knots: String) throws {
        let source = Self.source
        let map = try TimeMap(list: knots, fps: Rational(30, 1)!)
        let plan = try AudioMapPlan(map: map, rate: Self.rate, count: source.count, sourceDuration: Rational(4, 1)!)
        let output = try Self.run(source, plan: plan)
        let reference = MapReference(knots)
        let freeze = zip(reference.knots, reference.knots.dropFirst()).first { $0.s == $1.s }.map { Double($0.d) / 1000..<Double($1.d) / 1000 }
        Self.judge(output, g: { reference.outputTime($0)! }, changes: reference.knots.map { Double($0.d) / 1000 }, freeze: freeze, label: knots)
        if let freeze {
            #expect(output[Int(freeze.lowerBound * Double(Self.rate))..<Int(freeze.upperBound * Double(Self.rate))].allSatisfy { $0 == 0 })
        }
    }

    /// Smooth curves (pitch kept follows them as straight lines a frame
    /// apart, a speed for every frame), easing through ratios from 0.2 to
    /// beyond 4 and into a freeze; the speed at the clicks is read off the
    /// curve, so that the test is known to hear them at the ratios it names.
    @Test(arguments: [
        ("0=0,1=2,2=3,3=5,4=6", 0.8...2.5), ("0=0,1=1,2=4,3=8,4=12", 0.9...4.2), ("0=0,1=3,2=6.6,3=10.6,4=14.6", 2.9...4.1),
        ("0=0,1=0.25,2=4.25,3=7.85,4=8.1", 0.2...3.5), ("0=0,0.7=2.8,1.3=5.2,2=6,2.7=8.8,3.3=11.2,4=12", 0.9...5.3),
        ("0=0,1=4,1=5,2=8.6,3=12.2,4=16.2", 2.7...4.0),
    ])
    func smoothCurvesHearEachClickWhereTheyPutIt(knots: String, ratios: ClosedRange<Double>) throws {
        let source = Self.source
        var map = try TimeMap(list: knots, fps: Rational(30, 1)!)
        map.curve = .smooth
        let followed = try #require(map.following(fps: Rational(30, 1)!))
        let plan = try AudioMapPlan(map: followed, rate: Self.rate, count: source.count, sourceDuration: Rational(4, 1)!)
        let output = try Self.run(source, plan: plan)
        let reference = MapReference(knots)
        let curve = PchipReference(reference)
        let end = Double(reference.knots[reference.knots.count - 1].d) / 1000
        // g(t) on the curve: the first output time where σ reaches t.
        let g = { (t: Double) -> Double in
            var low = 0.0
            var high = end
            while high - low > 1e-7 {
                let middle = (low + high) / 2
                if curve.σ(middle) < t { low = middle } else { high = middle }
            }
            return low
        }
        let speeds = Self.clicks.map { click in 2e-4 / (curve.σ(g(click) + 1e-4) - curve.σ(g(click) - 1e-4)) }
        #expect(abs(speeds.min()! - ratios.lowerBound) < 0.1 && abs(speeds.max()! - ratios.upperBound) < 0.1, "\(knots): ratios \(speeds)")
        let freeze = zip(reference.knots, reference.knots.dropFirst()).first { $0.s == $1.s }.map { Double($0.d) / 1000..<Double($1.d) / 1000 }
        Self.judge(output, g: g, changes: freeze.map { [$0.lowerBound, $0.upperBound] } ?? [], freeze: freeze, label: "smooth \(knots)")
        if let freeze {
            #expect(output[Int(freeze.lowerBound * Double(Self.rate))..<Int(freeze.upperBound * Double(Self.rate))].allSatisfy { $0 == 0 })
        }
    }
}
