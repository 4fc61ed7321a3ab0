import Testing

@testable import ScaleVideo

/// Decibels and downsampling for waveform pictures.
struct WaveformTests {
    /// Downsamples `values`, pushing `block` of them at a time.
    func downsample(_ values: [Double], width: Int, block: Int) -> [Double] {
        var downsampler = Downsampler(total: values.count, width: width)
        var start = 0
        while start < values.count {
            let end = min(start + block, values.count)
            downsampler.push(contentsOf: values[start..<end])
            start = end
        }
        return downsampler.values
    }

    // MARK: Decibels

    @Test func decibelsOfOneThreeFiveAgainstFive() {
        let levels = [1.0, 3.0, 5.0].map { Decibels.level($0, fullScale: 5, noiseFloor: -70) }
        let expected = [-13.979400086720375, -4.436974992327126, 0]
        #expect(zip(levels, expected).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test func decibelsIgnoreTheSign() {
        #expect(Decibels.level(-3, fullScale: 5, noiseFloor: -70) == Decibels.level(3, fullScale: 5, noiseFloor: -70))
    }

    @Test func silenceAndWhispersClipToTheNoiseFloor() {
        for amplitude in [0.0, -0.0, 1e-300, 1e-6, .nan] {
            #expect(Decibels.level(amplitude, fullScale: 32767, noiseFloor: -70) == -70)
        }
        // One step of 16-bit audio is about -90 dB: above a -100 floor, below a -70 one.
        #expect(abs(Decibels.level(1, fullScale: 32767, noiseFloor: -100) + 90.3087) < 1e-4)
    }

    @Test func louderThanFullScaleIsZero() {
        #expect(Decibels.level(40000, fullScale: 32767, noiseFloor: -70) == 0)
        #expect(Decibels.level(-.infinity, fullScale: 32767, noiseFloor: -70) == 0)
    }

    // MARK: Downsampling

    @Test func elevenValuesToTwoDropTheLast() {
        let values: [Double] = [3, 2, 1, 2, 2, 1, 7, 1, 5, 1, 4]
        #expect(downsample(values, width: 2, block: values.count) == [2, 3])
        #expect(downsample(values, width: 2, block: 3) == [2, 3])
        #expect(downsample(values, width: 2, block: 1) == [2, 3])
    }

    @Test func sevenValuesToTwoAverageThreesAndLeaveTheSeventh() {
        let values: [Double] = [3, 2, 1, 2, 2, 1, 7]
        let whole = downsample(values, width: 2, block: values.count)
        #expect(whole.count == 2)
        #expect(abs(whole[0] - 2) < 1e-3 && abs(whole[1] - 1.667) < 1e-3)
        #expect(downsample(values, width: 2, block: 3) == whole)
        #expect(downsample(values, width: 2, block: 1) == whole)
    }

    @Test func fewerValuesThanWidthAreKeptAsTheyAre() {
        var downsampler = Downsampler(total: 3, width: 10)
        downsampler.push(contentsOf: [4, -1, 2.5])
        #expect(downsampler.values == [4, -1, 2.5])
        #expect(downsampler.isComplete)
    }

    @Test func valuesPastTheLastOutputAreIgnored() {
        var downsampler = Downsampler(total: 4, width: 2)
        downsampler.push(contentsOf: [1, 3, 5, 7])
        #expect(downsampler.isComplete)
        downsampler.push(contentsOf: [100, 100, 100])
        #expect(downsampler.values == [2, 6])
    }

    @Test func aMillionValuesKeepAHundredOutputs() {
        var downsampler = Downsampler(total: 1_000_000, width: 100)
        for index in 0..<1_000_000 { downsampler.push(Double(index / 10_000)) }
        #expect(downsampler.factor == 10_000)
        #expect(downsampler.values.count == 100)
        #expect(downsampler.values == (0..<100).map(Double.init))
        #expect(downsampler.values.capacity < 1000)
    }
}
