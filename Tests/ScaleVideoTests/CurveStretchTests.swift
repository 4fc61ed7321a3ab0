import TestSupport
import Testing

@testable import ScaleVideo

/// Tape-style audio along `--curve smooth` (SPEC §13) from the stretch
/// itself, on three seconds of stereo 16-bit noise: every output sample
/// within one step of SPEC's reading (PchipReference: σ by SciPy's `pchip`,
/// linear interpolation between the two neighbouring source samples, a
/// freeze silent from its first `d` to its last, §8's count), on curves
/// that rise, fall and turn, however the blocks and the pushed chunks split
/// them.
@Suite(.tags(.unit))
struct CurveStretchTests {
    /// Three seconds of stereo full-scale noise at `rate`: made once a rate, the tests only read it.
    static func noise(rate: Int) -> [Int16] { rate == 48000 ? noise48000 : rate == 44100 ? noise44100 : makeNoise(rate: rate) }

    private static let noise48000 = makeNoise(rate: 48000)
    private static let noise44100 = makeNoise(rate: 44100)

    private static func makeNoise(rate: Int) -> [Int16] {
        var random = SeededRandom(seed: UInt64(rate))
        return (0..<(2 * 3 * rate)).map { _ in Int16.random(in: .min ... .max, using: &random) }
    }

    /// The stretch along `knots` for stereo audio of `count` samples per channel at `rate` from a 3 s source.
    static func stretch(knots: String, rate: Int, count: Int, blockSize: Int) throws -> CurveStretch<Int16> {
        var map = try TimeMap(list: knots, fps: Rational(30, 1)!)
        map.curve = .smooth
        let plan = try AudioMapPlan(map: map, rate: rate, count: count, sourceDuration: Rational(3, 1)!)
        return try CurveStretch(channels: 2, rate: rate, count: count, curve: SmoothCurve(map: map), plan: plan, blockSize: blockSize)
    }

    /// The stretch's output for `knots` over `samples` (stereo, 3 s at
    /// `rate`), pushed `chunk` frames at a time, in blocks of `blockSize`:
    /// all made by the time the source is pushed, every block but the last full.
    static func scaled(_ samples: [Int16], knots: String, rate: Int, blockSize: Int, chunk: Int) throws -> [Int16] {
        let stretch = try stretch(knots: knots, rate: rate, count: samples.count / 2, blockSize: blockSize)
        var written: [Int16] = []
        var sizes: [Int] = []
        let collect: (UnsafeBufferPointer<Int16>) -> Void = {
            written.append(contentsOf: $0)
            sizes.append($0.count)
        }
        try samples.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count, stretch.wanted > 0 {
                let end = min(start + chunk * 2, all.count)
                try stretch.push(UnsafeBufferPointer(rebasing: all[start..<end]), emit: collect)
                start = end
            }
        }
        #expect(stretch.isComplete, "\(knots): \(stretch.produced) of \(stretch.length) made once the source is in")
        try stretch.finish(emit: collect)
        #expect(stretch.produced == stretch.length)
        #expect(sizes.dropLast().allSatisfy { $0 == 2 * blockSize })
        return written
    }

    /// Rising to a knot before the source's end, falling from one, turning
    /// at a peak and at a valley, turning at the source's end, and a freeze
    /// next to a turn; at 44.1 kHz a knot at 1.501 s or 2.501 s lies between
    /// two samples. Blocks of 882 and 1000 start at the turn at 2 s at one
    /// rate and split it at the other.
    @Test(arguments: [
        "0.2=0,1=1,1.7=2.5",
        "2.2=0,1=1.5,0.3=2.5",
        "0=0,1=1,1.5=2,0.5=3",
        "0=0,1=1,1.501=2,0.5=3",
        "1.5=0,0.5=1,2.501=2,1=3",
        "0.5=0,3=2,2=3",
        "0=0,1=1,1.5=2,1.5=2.5,0.5=3.5",
        "0=0,1.2=1,0.4=2,0.4=2.4,1=3",
    ], [48000, 44100])
    func everySampleIsTheCurvesReading(knots: String, rate: Int) throws {
        let map = MapReference(knots)
        let (c, l) = map.bounds(rate: rate, count: 3 * rate, sourceMs: 3000)
        let silent = (0..<(c.count - 1)).filter { map.knots[$0].s == map.knots[$0 + 1].s }.map { l[$0]..<l[$0 + 1] }
        let samples = Self.noise(rate: rate)
        let expected = PchipReference(map).audio(samples, channels: 2, rate: rate, count: l.last!, silent: silent)
        for (blockSize, chunk) in [(7, 4096), (882, 1153), (1000, 48000), (4096, 1024)] {
            let written = try Self.scaled(samples, knots: knots, rate: rate, blockSize: blockSize, chunk: chunk)
            #expect(written.count == expected.count, "\(knots) at \(rate) Hz, blocks of \(blockSize)")
            // One pass over the samples both hold: the largest difference, how many exceed 1, the first that does.
            var worst = 0
            var far = 0
            var firstFar: Int?
            for index in 0..<min(written.count, expected.count) {
                let difference = abs(Int(written[index]) - Int(expected[index]))
                worst = max(worst, difference)
                if difference > 1 {
                    far += 1
                    if firstFar == nil { firstFar = index }
                }
            }
            let first = (firstFar ?? 0) / 2
            #expect(worst <= 1, "\(knots) at \(rate) Hz, blocks of \(blockSize): \(far) samples off, by up to \(worst), first at frame \(first)")
        }
    }

    /// Lined-up audio that ends one sample after the peak's (1.501 s at
    /// 44.1 kHz, c = 66194, where the curve comes up to 66194.1): what is
    /// pushed past it (decoder padding) is not read, the curve reads 0 there
    /// as past the end.
    @Test func samplesPastTheLinedUpCountReadAsZero() throws {
        let knots = "0=0,1=1,1.501=2,0.5=3"
        let rate = 44100
        let count = 66195
        let map = MapReference(knots)
        let samples = Self.noise(rate: rate)
        let expected = PchipReference(map).audio(
            Array(samples[0..<(2 * count)]), channels: 2, rate: rate, count: map.bounds(rate: rate, count: count, sourceMs: 3000).l.last!,
            silent: [])
        let stretch = try Self.stretch(knots: knots, rate: rate, count: count, blockSize: 1024)
        var written: [Int16] = []
        try samples.withUnsafeBufferPointer { try stretch.push($0) { written += $0 } }
        try stretch.finish { written += $0 }
        #expect(stretch.received == count)
        #expect(written.count == expected.count)
        let worst = zip(written, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "a sample differs by \(worst)")
    }

    /// Along a rising curve the output is made as the source comes: once
    /// the first second is pushed, every block up to the first that reads
    /// past it (by PchipReference) is out, and no more.
    @Test(arguments: [48000, 44100])
    func aRisingCurveIsMadeAsTheSourceComes(rate: Int) throws {
        let knots = "0.2=0,1=1,1.7=2.5"
        let curve = PchipReference(MapReference(knots))
        let blockSize = 1000
        let samples = Self.noise(rate: rate)
        let stretch = try Self.stretch(knots: knots, rate: rate, count: samples.count / 2, blockSize: blockSize)
        var made = 0
        try samples.withUnsafeBufferPointer { all in
            try stretch.push(UnsafeBufferPointer(rebasing: all[0..<(2 * rate)])) { made += $0.count / 2 }
        }
        let reads = { (n: Int) in Int((curve.σ(Double(n) / Double(rate)) * Double(rate)).rounded(.down)) + 2 }
        let firstBeyond = try #require((0..<stretch.length).first { reads($0) > rate })
        #expect(made == firstBeyond / blockSize * blockSize && stretch.produced == made)
        #expect(made > 0)
    }
}
