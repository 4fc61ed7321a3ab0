import TestSupport
import Testing

@testable import ScaleVideo

/// Runs the progressive stretch, pushing `chunk` frames at a time.
func progressive(
    _ samples: [Int16], channels: Int, length: Int, chunk: Int, blockSize: Int = 1024
) -> [Int16] {
    let stretch = AudioStretch<Int16>(
        channels: channels, count: samples.count / channels, length: length, blockSize: blockSize)
    var out = [Int16]()
    let collect: (UnsafeBufferPointer<Int16>) -> Void = { out.append(contentsOf: $0) }
    samples.withUnsafeBufferPointer { all in
        var start = 0
        while start < all.count {
            let end = min(start + chunk * channels, all.count)
            stretch.push(UnsafeBufferPointer(rebasing: all[start..<end]), emit: collect)
            start = end
        }
    }
    stretch.finish(emit: collect)
    return out
}

@Suite(.tags(.unit))
struct SeedTableTests {
    let seed: [Int16] = [3, 5, 1, 8, 4, 56, 33, 4, 77, 42, 84, 25, 12, 6, 13, 15]

    @Test func lengthTenMatchesTheSeedTable() {
        #expect(ReferenceStretch.scale(seed, length: 10) == [3, 2, 7, 56, 14, 65, 84, 16, 8, 15])
        #expect(progressive(seed, channels: 1, length: 10, chunk: 3) == [3, 2, 7, 56, 14, 65, 84, 16, 8, 15])
    }

    @Test func lengthNineMatchesTheSeedTable() {
        #expect(ReferenceStretch.scale(seed, length: 9) == [3, 2, 5, 42, 40, 58, 22, 7, 15])
        #expect(progressive(seed, channels: 1, length: 9, chunk: 5) == [3, 2, 5, 42, 40, 58, 22, 7, 15])
    }
}

@Suite(.tags(.unit))
struct HandCheckedStretchTests {
    @Test func lengthOneIsTheFirstSample() {
        #expect(progressive([7, 9, 11], channels: 1, length: 1, chunk: 1) == [7])
    }

    @Test func countOneRepeatsTheSampleAgainstSilence() {
        // Every control point is 0: output is A[0] (the weight is 0).
        #expect(progressive([-5], channels: 1, length: 4, chunk: 1) == [-5, -5, -5, -5])
    }

    @Test func equalLengthsCopyTheSignal() {
        let signal: [Int16] = [1, -2, 300, -32768, 32767, 0]
        #expect(progressive(signal, channels: 1, length: 6, chunk: 2) == signal)
    }

    @Test func slowingDownUsesSmoothstep() {
        // count 2, length 5: x = n/(4/1) = n/4; control = smoothstep(n/4):
        // 0, 0.15625, 0.5, 0.84375, 1 (last forced to count-1 = 1).
        // Values between 0 and 100: 0, 15.625→16, 50, 84.375→84, 100.
        #expect(progressive([0, 100], channels: 1, length: 5, chunk: 1) == [0, 16, 50, 84, 100])
    }

    @Test func halvingTakesEveryOtherSample() {
        // count 5, length 3: controls 0, 2, 4.
        #expect(progressive([10, 20, 30, 40, 50], channels: 1, length: 3, chunk: 2) == [10, 30, 50])
    }

    @Test func tiesRoundToEven() {
        // count 3, length 5 (slowing down): x = n/2, controls 0, 0.5, 1, 1.5, 2
        // with smoothstep(0.5) = 0.5: 0, 0.5, 1, 1.5, 2.
        // [1, 2, 5]: 1, 1.5→2, 2, 3.5→4, 5.
        #expect(progressive([1, 2, 5], channels: 1, length: 5, chunk: 1) == [1, 2, 2, 4, 5])
        // [0, 1, 2]: 0, 0.5→0, 1, 1.5→2, 2.
        #expect(progressive([0, 1, 2], channels: 1, length: 5, chunk: 1) == [0, 0, 1, 2, 2])
    }

    @Test func channelsAreScaledSeparately() {
        let left: [Int16] = [0, 100]
        let right: [Int16] = [1000, -1000]
        let interleaved: [Int16] = [0, 1000, 100, -1000]
        let expected = zip(
            ReferenceStretch.scale(left, length: 5), ReferenceStretch.scale(right, length: 5)
        ).flatMap { [$0, $1] }
        #expect(progressive(interleaved, channels: 2, length: 5, chunk: 1) == expected)
        #expect(expected == [0, 1000, 16, 688, 50, 0, 84, -688, 100, -1000])
    }

    @Test func outputIsClampedToSixteenBits() {
        // Extreme neighbours interpolate within range; the clamp is exercised
        // by values that round past the ends: never above 32767.
        let out = progressive([32767, 32767, -32768], channels: 1, length: 7, chunk: 1)
        #expect(out.allSatisfy { $0 >= -32768 && $0 <= 32767 })
        #expect(out.first == 32767 && out.last == -32768)
    }
}

@Suite(.tags(.unit))
struct BlockSizeInvarianceTests {
    /// A deterministic pseudo-random signal (SplitMix64).
    static func signal(frames: Int, channels: Int, seed: UInt64) -> [Int16] {
        var state = seed
        return (0..<(frames * channels)).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int16(truncatingIfNeeded: z ^ (z >> 31))
        }
    }

    @Test(arguments: [0.37, 0.5, 0.999, 1.0, 1.001, 2.0, 3.3])
    func everyBlockSizeGivesTheWholeArrayResult(factor: Double) {
        let frames = 10_007
        let channels = 2
        let samples = Self.signal(frames: frames, channels: channels, seed: UInt64(factor * 1000))
        let length = Int(Double(frames) * factor)
        let whole = ReferenceStretch.scaleInterleaved(samples, channels: channels, length: length)
        #expect(whole.count == length * channels)
        for chunk in [1, 7, 1024, 4096, frames] {
            for blockSize in [1, 1024] {
                let out = progressive(
                    samples, channels: channels, length: length, chunk: chunk, blockSize: blockSize)
                #expect(out == whole, "chunk \(chunk), block \(blockSize), factor \(factor)")
            }
        }
    }

    @Test func memoryStaysBoundedWhileSpeedingUpAndSlowingDown() {
        for factor in [0.25, 4.0] {
            let frames = 200_000
            let samples = Self.signal(frames: frames, channels: 1, seed: 9)
            let stretch = AudioStretch<Int16>(
                channels: 1, count: frames, length: Int(Double(frames) * factor), blockSize: 1024)
            var emitted = 0
            samples.withUnsafeBufferPointer { all in
                for start in stride(from: 0, to: frames, by: 1000) {
                    stretch.push(UnsafeBufferPointer(rebasing: all[start..<(start + 1000)])) {
                        emitted += $0.count
                    }
                    #expect(stretch.retainedFrames <= 1002)
                }
            }
            stretch.finish { emitted += $0.count }
            #expect(emitted == Int(Double(frames) * factor))
        }
    }
}
