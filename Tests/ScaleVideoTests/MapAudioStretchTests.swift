import TestSupport
import Testing

@testable import ScaleVideo

/// SPEC §8's audio boundaries, from its text: `c_j = round(s_j · rate)`
/// (ties away from zero) clamped to `count`, `count` for a knot at S;
/// `L_0 = 0`, `L_j = round(d_j · rate)` between, the last
/// `Int(Double(c_last − c_0) · F)`, `F = Double(d_last / (s_last − s_0))`,
/// or `round(d_last · rate)` for a map that is one freeze.
private func referenceBounds(
    _ map: TimeMap, rate: Int, count: Int, sourceDuration: Rational
) -> (sources: [Int], outputs: [Int]) {
    func rounded(_ x: Rational) -> Int {
        Int((2 * Int128(x.numerator) * Int128(rate) + Int128(x.denominator)) / (2 * Int128(x.denominator)))
    }
    let knots = map.knots
    let sources = knots.map { $0.source == sourceDuration ? count : min(rounded($0.source), count) }
    var outputs = [0] + knots.dropFirst().dropLast().map { rounded($0.output) }
    let first = knots.first!
    let last = knots.last!
    if last.source == first.source {
        outputs.append(rounded(last.output))
    } else {
        let f = last.output.divided(by: last.source.subtracting(first.source)!)!
        outputs.append(Int(Double(sources.last! - sources.first!) * (Double(f.numerator) / Double(f.denominator))))
    }
    return (sources, outputs)
}

/// The whole-signal result of SPEC §8: each segment scaled by §5 as if it
/// were the whole signal, a freeze as zeros, one after another.
private func referenceMapScale(
    _ samples: [Int16], channels: Int, map: TimeMap, rate: Int, sourceDuration: Rational
) -> [Int16] {
    let count = samples.count / channels
    let (c, l) = referenceBounds(map, rate: rate, count: count, sourceDuration: sourceDuration)
    let perChannel = ReferenceStretch.deinterleave(samples, channels: channels)
    var out = [[Int16]](repeating: [], count: channels)
    for j in 0..<(c.count - 1) {
        for channel in 0..<channels {
            if c[j + 1] == c[j] {
                out[channel] += [Int16](repeating: 0, count: l[j + 1] - l[j])
            } else {
                out[channel] += ReferenceStretch.scale(Array(perChannel[channel][c[j]..<c[j + 1]]), length: l[j + 1] - l[j])
            }
        }
    }
    return ReferenceStretch.interleave(out)
}

/// Runs the map stretch, pushing `chunk` frames at a time; every block but
/// the last must be full.
private func progressiveMap(
    _ samples: [Int16], channels: Int, plan: AudioMapPlan, chunk: Int, blockSize: Int
) -> [Int16] {
    let stretch = MapAudioStretch<Int16>(channels: channels, plan: plan, blockSize: blockSize)
    var blocks: [[Int16]] = []
    let collect: (UnsafeBufferPointer<Int16>) -> Void = { blocks.append(Array($0)) }
    samples.withUnsafeBufferPointer { all in
        var start = 0
        while start < all.count {
            let end = min(start + chunk * channels, all.count)
            stretch.push(UnsafeBufferPointer(rebasing: all[start..<end]), emit: collect)
            start = end
        }
    }
    stretch.finish(emit: collect)
    #expect(blocks.dropLast().allSatisfy { $0.count == blockSize * channels })
    #expect(blocks.last.map { !$0.isEmpty && $0.count <= blockSize * channels } ?? true)
    #expect(stretch.isComplete && stretch.produced == plan.length)
    return blocks.flatMap { $0 }
}

private let thirty = Rational(30, 1)!

@Suite(.tags(.unit))
struct AudioMapPlanTests {
    @Test func aRampsSegmentsFollowItsKnots() throws {
        // 0=0,4=4,6=12,10=14 at 48 kHz over 10 s: c = 0, 192000, 288000,
        // 480000; L = 0, 192000, 576000, Int(480000 · 1.4) = 672000.
        let map = try TimeMap(list: "0=0,4=4,6=12,10=14", fps: thirty)
        let plan = try AudioMapPlan(map: map, rate: 48000, count: 480_000, sourceDuration: r("10"))
        #expect(
            plan.segments == [
                .init(first: 0, count: 192_000, length: 192_000), .init(first: 192_000, count: 96000, length: 384_000),
                .init(first: 288_000, count: 192_000, length: 96000),
            ])
        #expect(plan.length == 672_000 && plan.sourceStart == 0 && plan.sourceEnd == 480_000)
    }

    @Test func knotsRoundHalvesAwayAndClampToTheAudio() throws {
        // s = 1.0005 s at 1 kHz is sample 1000.5 → 1001; the last knot is at
        // S, so it is the audio's count (9990) however S rounds.
        let map = try TimeMap(list: "1.0005=0,1.0005=0.3005,4=2,9.9999=5", fps: thirty)
        let plan = try AudioMapPlan(map: map, rate: 1000, count: 9990, sourceDuration: r("9.9999"))
        let last = Int(Double(9990 - 1001) * (5 / (9.9999 - 1.0005)))
        #expect(
            plan.segments == [
                .init(first: 1001, count: 0, length: 301), .init(first: 1001, count: 2999, length: 2000 - 301),
                .init(first: 4000, count: 5990, length: last - 2000),
            ])
    }

    @Test func aMapThatIsOneFreezeRoundsItsLength() throws {
        let map = try TimeMap(list: "3=0,3=2.00001", fps: thirty)
        let plan = try AudioMapPlan(map: map, rate: 44100, count: 441_000, sourceDuration: r("10"))
        #expect(plan.segments == [.init(first: 132_300, count: 0, length: 88200)])
    }

    @Test func aSegmentWithoutASampleFailsThatInput() throws {
        // 0 to 0.01 ms holds no sample at 48 kHz (c_1 = round(0.48) = 0).
        let map = try TimeMap(list: "0=0,0.00001=1", fps: thirty)
        do {
            _ = try AudioMapPlan(map: map, rate: 48000, count: 48000, sourceDuration: r("1"))
            Issue.record("accepted an empty segment")
        } catch {
            #expect(!error.isUsageError)
            #expect(error.description == "time map knot 2 \"0.00001=1\": the segment ending here holds no audio sample")
        }
        // Audio that ends before the last segment leaves it empty too.
        let late = try TimeMap(list: "0=0,1=1,2=2", fps: thirty)
        #expect(throws: TimeMapError.self) {
            try AudioMapPlan(map: late, rate: 48000, count: 47000, sourceDuration: r("2"))
        }
    }

    @Test func audioEndingTooEarlyForTheLastSegmentFailsThatInput() throws {
        // The last L follows the audio that is there: 2 s of it at 11/10 is
        // 2.2 s of output, before the 10 s the knot before it reaches.
        let map = try TimeMap(list: "0=0,1=10,10=11", fps: thirty)
        do {
            _ = try AudioMapPlan(map: map, rate: 1000, count: 2000, sourceDuration: r("10"))
            Issue.record("accepted a segment ending before it begins")
        } catch {
            #expect(!error.isUsageError)
            #expect(error.description.contains("knot 3 \"10=11\""))
        }
    }
}

@Suite(.tags(.unit))
struct MapAudioStretchTests {
    /// Slow, fast and freeze segments, cut at both ends or not, with knots on half samples.
    @Test(arguments: [
        "0=0,2=1,2=1.5,3=5,7=6,10=8", "1.0005=0,1.0005=0.3,4.2=9.1,9.9993=10", "0=0,0=1,10=2,10=3.5",
        "2.5=0,2.6=1,2.7=1.04,8=1.5",
    ])
    func everyBlockSizeGivesTheReference(knots: String) throws {
        let rate = 1000
        let channels = 2
        let map = try TimeMap(list: knots, fps: thirty)
        for count in [10000, 9950] {
            let samples = BlockSizeInvarianceTests.signal(frames: count, channels: channels, seed: UInt64(count))
            let plan = try AudioMapPlan(map: map, rate: rate, count: count, sourceDuration: r("10"))
            let expected = referenceMapScale(samples, channels: channels, map: map, rate: rate, sourceDuration: r("10"))
            #expect(expected.count == plan.length * channels)
            for chunk in [1, 7, 1000, count] {
                for blockSize in [1, 333, 1024] {
                    let out = progressiveMap(samples, channels: channels, plan: plan, chunk: chunk, blockSize: blockSize)
                    let difference = firstDifference(out, expected)
                    #expect(difference == nil, "\(knots), count \(count), chunk \(chunk), block \(blockSize)")
                }
            }
        }
    }

    @Test func aFreezeIsDigitalSilence() throws {
        let map = try TimeMap(list: "0=0,1=1,1=3,2=4", fps: thirty)
        let samples = [Int16](repeating: 1000, count: 2000)
        let plan = try AudioMapPlan(map: map, rate: 1000, count: 2000, sourceDuration: r("2"))
        let out = progressiveMap(samples, channels: 1, plan: plan, chunk: 100, blockSize: 256)
        #expect(out.count == 4000)
        #expect(out[0..<1000].allSatisfy { $0 == 1000 })
        #expect(out[1000..<3000].allSatisfy { $0 == 0 })
        #expect(out[3000...].allSatisfy { $0 == 1000 })
    }

    /// A smooth curve that starts from a standstill (its end slope is zero),
    /// followed a frame at a time as pitch kept follows it: its first frames
    /// move the source by less than a sample. Each joins the next frame that
    /// moves, so nothing is silent and the count is still §8's.
    @Test func aCurveFromAStandstillJoinsTheFramesThatHoldNoSample() throws {
        var map = try TimeMap(list: "0=0,1=20,1.5=20.5,3=26.5", fps: thirty)
        map.curve = .smooth
        let followed = try #require(map.following(fps: thirty))
        #expect(throws: TimeMapError.self) { try AudioMapPlan(map: followed, rate: 48000, count: 144_000, sourceDuration: r("3")) }
        let plan = try AudioMapPlan(map: followed, rate: 48000, count: 144_000, sourceDuration: r("3"), joiningEmpty: true)
        #expect(plan.length == referenceBounds(map, rate: 48000, count: 144_000, sourceDuration: r("3")).outputs.last!)
        #expect(plan.segments.allSatisfy { $0.count > 0 })
        #expect(plan.segments.reduce(0) { $0 + $1.count } == 144_000)
        #expect(zip(plan.segments, plan.segments.dropFirst()).allSatisfy { $0.end == $1.first })
    }

    /// `0=0,S=D` is `--duration D`, to the bit: the same length and samples
    /// as the single-factor stretch, for audio as long as S, shorter or longer.
    @Test(arguments: [("10", "20"), ("10", "7.3"), ("3", "7.3"), ("2.5", "0.9")])
    func theOneSegmentMapIsTheFactor(source: String, duration: String) throws {
        let rate = 8000
        let map = try TimeMap.constant(sourceDuration: r(source), duration: r(duration), fps: thirty)
        let scale = Retime(sourceDuration: r(source), target: .duration(r(duration)))!
        let whole = Int(r(source).doubleValue * Double(rate))
        for count in [whole, whole - 37, whole + 37] {
            let samples = BlockSizeInvarianceTests.signal(frames: count, channels: 2, seed: 3)
            let plan = try AudioMapPlan(map: map, rate: rate, count: count, sourceDuration: r(source))
            let length = scale.audioLength(count: count)
            #expect(plan.length == length)
            let factorPath = progressive(samples, channels: 2, length: length, chunk: 1000, blockSize: 1024)
            let mapPath = progressiveMap(samples, channels: 2, plan: plan, chunk: 1000, blockSize: 1024)
            #expect(firstDifference(mapPath, factorPath) == nil, "count \(count)")
            let reference = ReferenceStretch.scaleInterleaved(samples, channels: 2, length: length)
            #expect(firstDifference(factorPath, reference) == nil, "count \(count)")
        }
    }
}
