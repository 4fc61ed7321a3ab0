import CStretchKernel
import TestSupport
import Testing

@testable import ScaleVideo

/// The C kernel behind `AudioStretch` for 16-bit and float samples, its
/// portable loop and its AVX2 loop (where the processor has it) alike,
/// against SPEC §5 computed in the test: every channel count, slowing down
/// and speeding up, whatever the pushes and blocks.
@Suite(.tags(.unit))
struct StretchKernelTests {
    static let factors = [0.37, 0.5, 0.999, 1.001, 2.0, 3.3]

    /// Runs the stretch over `samples`, pushing `chunk` frames at a time.
    static func scaled<Sample: PCMSample>(
        _ samples: [Sample], channels: Int, length: Int, chunk: Int, blockSize: Int, vector: Bool
    ) -> [Sample] {
        let stretch = AudioStretch<Sample>(
            channels: channels, count: samples.count / channels, length: length, blockSize: blockSize, vector: vector)
        var out = [Sample]()
        let collect: (UnsafeBufferPointer<Sample>) -> Void = { out.append(contentsOf: $0) }
        samples.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: chunk * channels) {
                stretch.push(UnsafeBufferPointer(rebasing: all[start..<min(start + chunk * channels, all.count)]), emit: collect)
            }
        }
        stretch.finish(emit: collect)
        return out
    }

    /// Where two runs first differ (counts included), or nil.
    static func firstDifference<Sample: Equatable>(_ a: [Sample], _ b: [Sample]) -> Int? {
        zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? (a.count == b.count ? nil : min(a.count, b.count))
    }

    @Test(arguments: [1, 2, 3], [false, true])
    func sixteenBitSamplesFollowTheSpecification(channels: Int, vector: Bool) {
        let frames = 6_001
        let samples = BlockSizeInvarianceTests.signal(frames: frames, channels: channels, seed: UInt64(channels))
        for factor in Self.factors {
            let length = Int(Double(frames) * factor)
            let expected = ReferenceStretch.scaleInterleaved(samples, channels: channels, length: length)
            for (chunk, blockSize) in [(7, 1024), (4096, 333), (frames, 4096)] {
                let out = Self.scaled(samples, channels: channels, length: length, chunk: chunk, blockSize: blockSize, vector: vector)
                #expect(Self.firstDifference(out, expected) == nil, "factor \(factor), chunk \(chunk), block \(blockSize)")
            }
        }
    }

    @Test(arguments: [1, 2, 3], [false, true])
    func floatSamplesFollowTheSpecification(channels: Int, vector: Bool) {
        let frames = 6_001
        // Values past full scale too: floats are not clamped.
        let samples = BlockSizeInvarianceTests.signal(frames: frames, channels: channels, seed: 40 + UInt64(channels))
            .map { Float($0) / 16384 }
        for factor in Self.factors {
            let expected = ReferenceStretch.scaleInterleaved(values: samples.map(Double.init), channels: channels, factor: factor) {
                Double(Float($0))
            }.map { Float($0) }
            for (chunk, blockSize) in [(7, 1024), (4096, 333), (frames, 4096)] {
                let out = Self.scaled(
                    samples, channels: channels, length: expected.count / channels, chunk: chunk, blockSize: blockSize,
                    vector: vector)
                #expect(Self.firstDifference(out, expected) == nil, "factor \(factor), chunk \(chunk), block \(blockSize)")
            }
        }
    }

    /// Far into a long source the frame indices pass 2³¹ (12 hours at 48
    /// kHz): the kernel's indices are 64-bit, so points there are the
    /// specification's too.
    @Test(arguments: [false, true])
    func pointsPastTwoToTheThirtyFirstAreExact(vector: Bool) {
        let count = 3_000_000_000
        let length = 7_000_000_001
        let controls = ControlPoints(count: count, length: length)
        let start = 6_999_000_000
        let firstHeld = Int(controls[start])
        let held = 64
        let window = (0..<(held * 2)).map { Int16(truncatingIfNeeded: $0 &* 7919) }
        var out = [Int16](repeating: 0, count: 2 * 40)
        let end = window.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { written in
                Int(
                    sv_stretch(
                        SV_SAMPLE_INT16, source.baseAddress!, Int64(firstHeld), Int64(firstHeld + held - 2),
                        written.baseAddress!, Int64(start), Int64(start + 40), 2, controls.kernelRule!, vector ? 1 : 0))
            }
        }
        #expect(end == start + 40)
        for k in 0..<40 {
            let c = ReferenceStretch.control(start + k, count: count, length: length)
            let base = Int(c.rounded(.towardZero))
            for channel in 0..<2 {
                let a = Double(window[(base - firstHeld) * 2 + channel])
                let b = Double(window[(base - firstHeld + 1) * 2 + channel])
                #expect(out[k * 2 + channel] == Int16(max(-32768, min(32767, (a + (c - Double(base)) * (b - a)).rounded(.toNearestOrEven)))))
            }
        }
    }
}
