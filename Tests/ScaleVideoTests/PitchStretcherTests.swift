import TestSupport
import Testing

@testable import ScaleVideo

/// SPEC §10 on generated signals in memory: a 440 Hz tone with clicks at
/// known times, stretched by a factor or along a time map, must have §5's
/// or §8's sample count, keep its frequency within 0.5% and put each click
/// within 10 ms of g(t); channels are kept apart and the sample count does
/// not depend on block sizes.
@Suite(.tags(.unit)) struct PitchStretcherTests {
    static let rate = 48000
    static let clicks = [0.5, 1.5, 2.5, 3.5]
    static let seconds = 4.0

    /// Runs `samples` (interleaved) through a stretcher, pushed `chunk` frames at a time.
    static func stretch<Sample: PCMSample>(
        _ samples: [Sample], channels: Int, plan: AudioMapPlan, blockSize: Int = 1024, chunk: Int = 4410
    ) -> [Sample] {
        let stretcher = PitchStretcher<Sample>(channels: channels, rate: rate, plan: plan, blockSize: blockSize)
        var output: [Sample] = []
        output.reserveCapacity(plan.length * channels)
        samples.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count && !stretcher.isComplete {
                let end = min(offset + chunk * channels, all.count)
                stretcher.push(UnsafeBufferPointer(rebasing: all[offset..<end])) { output += $0 }
                offset = end
            }
        }
        stretcher.finish { output += $0 }
        return output
    }

    static func channel(_ samples: [Float], _ channel: Int, of channels: Int) -> [Double] {
        stride(from: channel, to: samples.count, by: channels).map { Double(samples[$0]) }
    }

    /// Judges one channel: its frequency between the clicks (from 100 ms
    /// after one to 100 ms before the next, in output time, leaving out a
    /// freeze's silence), and each click within 10 ms of g(t).
    static func judge(_ output: [Double], frequency: Double, freeze: Range<Double>? = nil, g: (Double) -> Double) {
        let rate = Double(Self.rate)
        let freezeEdges = freeze.map { [$0.lowerBound, $0.upperBound] } ?? []
        let edges = ([0.0, Double(output.count) / rate] + clicks.map(g) + freezeEdges).sorted()
        for (start, end) in zip(edges, edges.dropFirst()) where end - start > 0.3 && start != freeze?.lowerBound {
            let range = Int((start + 0.1) * rate)..<Int((end - 0.1) * rate)
            let measured = ToneAnalysis.frequency(of: output, in: range, rate: Self.rate)
            #expect(abs(measured / frequency - 1) < 0.005, "frequency \(measured) Hz from \(start) s to \(end) s")
        }
        for click in clicks {
            let half = Double(ToneAnalysis.clickFrames / 2) / rate
            let expected = Int((g(click + half) * rate).rounded())
            let found = ToneAnalysis.clickCentre(in: output, near: expected, radius: Int(0.05 * rate))
            let error = Double(found - expected) / rate * 1000
            #expect(abs(error) <= 10, "click at \(click) s heard \(error) ms from g(t)")
        }
    }

    static func mono(frequency: Double = 440) -> [Float] {
        ToneAnalysis.toneWithClicks(frequency: frequency, rate: rate, seconds: seconds, clicks: clicks, seed: 15)
            .map { Float($0) }
    }

    @Test(arguments: [2.0, 0.6])
    func factorKeepsPitchCountAndClicks(factor: Double) {
        let source = Self.mono()
        let length = Int(Double(source.count) * factor)
        let output = Self.stretch(source, channels: 1, plan: AudioMapPlan(count: source.count, length: length))
        #expect(output.count == length)
        Self.judge(Self.channel(output, 0, of: 1), frequency: 440) { $0 * factor }
    }

    @Test func rampKeepsPitchCountAndClicks() throws {
        let knots = "0=0,1=1,2=2.5,3=4.5,4=5.5"
        let reference = MapReference(knots)
        let source = Self.mono()
        let map = try TimeMap(list: knots, fps: Rational(30, 1)!)
        let plan = try AudioMapPlan(map: map, rate: Self.rate, count: source.count, sourceDuration: Rational(4, 1)!)
        let bounds = reference.bounds(rate: Self.rate, count: source.count, sourceMs: 4000)
        let output = Self.stretch(source, channels: 1, plan: plan)
        #expect(output.count == bounds.l[bounds.l.count - 1])
        Self.judge(Self.channel(output, 0, of: 1), frequency: 440) { reference.outputTime($0)! }
    }

    @Test func freezeIsSilenceBetweenStretchedParts() throws {
        let knots = "0=0,2=3,2=4,4=6"
        let reference = MapReference(knots)
        let source = Self.mono()
        let map = try TimeMap(list: knots, fps: Rational(30, 1)!)
        let plan = try AudioMapPlan(map: map, rate: Self.rate, count: source.count, sourceDuration: Rational(4, 1)!)
        let output = Self.stretch(source, channels: 1, plan: plan)
        let bounds = reference.bounds(rate: Self.rate, count: source.count, sourceMs: 4000)
        #expect(output.count == bounds.l[bounds.l.count - 1])
        let freeze = output[(3 * Self.rate)..<(4 * Self.rate)]
        #expect(freeze.allSatisfy { $0 == 0 })
        #expect(output[(3 * Self.rate - 1)] != 0 && output[4 * Self.rate] != 0)
        Self.judge(Self.channel(output, 0, of: 1), frequency: 440, freeze: 3..<4) { reference.outputTime($0)! }
    }

    /// A time-lapse: 20 s of source a hundred times as fast (the extreme
    /// the ffmpeg CLI's rubberband filter allows), one click at 18 s heard at 0.18 s.
    @Test func aHundredTimesFasterKeepsItsPlace() {
        let source = ToneAnalysis.toneWithClicks(frequency: 440, rate: Self.rate, seconds: 20, clicks: [18], seed: 3)
            .map { Float($0) }
        let length = Int(Double(source.count) * 0.01)
        let output = Self.stretch(source, channels: 1, plan: AudioMapPlan(count: source.count, length: length))
        #expect(output.count == length)
        let expected = Int(((18 + 0.001) * 0.01 * Double(Self.rate)).rounded())
        let found = ToneAnalysis.clickCentre(in: Self.channel(output, 0, of: 1), near: expected, radius: Int(0.05 * Double(Self.rate)))
        #expect(abs(Double(found - expected) / Double(Self.rate)) <= 0.01, "click heard at frame \(found), not \(expected)")
    }

    /// 16-bit stereo, 440 Hz on the left and 660 Hz on the right: each
    /// channel keeps its own tone and clicks, in its own place.
    @Test func sixteenBitStereoKeepsEachChannel() {
        let left = ToneAnalysis.toneWithClicks(frequency: 440, rate: Self.rate, seconds: Self.seconds, clicks: Self.clicks, seed: 1)
        let right = ToneAnalysis.toneWithClicks(frequency: 660, rate: Self.rate, seconds: Self.seconds, clicks: Self.clicks, seed: 2)
        let interleaved = zip(left, right).flatMap { [Int16(scaled: $0 * 32767), Int16(scaled: $1 * 32767)] }
        let length = Int(Double(left.count) * 1.5)
        let output = Self.stretch(interleaved, channels: 2, plan: AudioMapPlan(count: left.count, length: length))
        #expect(output.count == length * 2)
        for (channel, frequency) in [(0, 440.0), (1, 660.0)] {
            let samples = stride(from: channel, to: output.count, by: 2).map { Double(output[$0]) / 32767 }
            Self.judge(samples, frequency: frequency) { $0 * 1.5 }
        }
    }

    /// The stretcher sees the same hops whatever the pushes and blocks, so
    /// the output is the same, sample for sample, and its count the plan's.
    @Test func blockSizesChangeNothing() {
        let source = Self.mono()
        let plan = AudioMapPlan(count: source.count, length: Int(Double(source.count) * 0.6))
        let reference = Self.stretch(source, channels: 1, plan: plan, blockSize: 4096, chunk: 4096)
        #expect(reference.count == plan.length)
        for (blockSize, chunk) in [(1024, 1000), (1, 1), (7, 333)] {
            let other = Self.stretch(source, channels: 1, plan: plan, blockSize: blockSize, chunk: chunk)
            #expect(other.count == reference.count, "block \(blockSize), chunk \(chunk)")
            #expect(firstDifference(other, reference) == nil, "block \(blockSize), chunk \(chunk)")
        }
    }

    @Test func usesTheFinerEngine() {
        let stretcher = PitchStretcher<Float>(channels: 2, rate: Self.rate, plan: AudioMapPlan(count: 100, length: 200), blockSize: 64)
        #expect(stretcher.engineVersion == 3)
    }
}
