import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// Decibels, downsampling, the time axis, the font and the waveform picture.
@Suite(.tags(.unit))
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

    /// Pixels of `colour` in the rectangle `x..<x+width`, `y..<y+height`.
    func count(_ colour: RGB, in image: RGBImage, x: Int, y: Int, width: Int, height: Int) -> Int {
        var found = 0
        for row in y..<(y + height) {
            for column in x..<(x + width) where image.pixel(x: column, y: row) == colour { found += 1 }
        }
        return found
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

    // MARK: Time axis

    @Test func tenSecondsTickEveryTwo() throws {
        let axis = try #require(TimeAxis(duration: 10, maxIntervals: 9))
        #expect(axis.step == 2)
        #expect(axis.ticks.indices.map(axis.label) == ["0", "2", "4", "6", "8", "10"])
    }

    @Test func twentySecondsTickEveryFive() throws {
        let axis = try #require(TimeAxis(duration: 20, maxIntervals: 9))
        #expect(axis.ticks.indices.map(axis.label) == ["0", "5", "10", "15", "20"])
    }

    @Test func fractionalStepsAreLabelledShort() throws {
        let half = try #require(TimeAxis(duration: 3, maxIntervals: 9))
        #expect(half.ticks.indices.map(half.label) == ["0", "0.5", "1", "1.5", "2", "2.5", "3"])
        let tiny = try #require(TimeAxis(duration: 0.3, maxIntervals: 9))
        #expect(tiny.ticks.indices.map(tiny.label) == ["0", "0.05", "0.1", "0.15", "0.2", "0.25", "0.3"])
        let long = try #require(TimeAxis(duration: 3600, maxIntervals: 9))
        #expect(long.ticks.indices.map(long.label).last == "3500")
    }

    @Test func everyDurationGetsFourToTenTicks() throws {
        for duration in [0.01, 0.7, 1, 2.5, 9.99, 10, 17.3, 20, 45, 99, 100, 1234.5, 86400] {
            let axis = try #require(TimeAxis(duration: duration, maxIntervals: 9))
            #expect((4...10).contains(axis.ticks.count), "\(duration) s: \(axis.ticks.count) ticks")
            #expect([1, 2, 5].contains(axis.mantissa))
            #expect(axis.ticks.last! <= duration * (1 + 1e-9))
        }
    }

    @Test func noAxisWithoutADuration() {
        #expect(TimeAxis(duration: 0, maxIntervals: 9) == nil)
        #expect(TimeAxis(duration: .nan, maxIntervals: 9) == nil)
        #expect(TimeAxis(duration: .infinity, maxIntervals: 9) == nil)
    }

    // MARK: Font

    @Test func theFontCoversLabelsAndTitles() {
        let needed = "0123456789.-:%()/× abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        #expect(needed.filter { !PixelFont.hasGlyph(for: $0) } == "")
        let shapes = Set(needed.map { PixelFont.glyph(for: $0) })
        #expect(shapes.count == needed.count)
        #expect(PixelFont.glyph(for: "€") == PixelFont.glyph(for: "?"))
    }

    @Test func textIsDrawnWhereAsked() {
        let white = RGB(255, 255, 255)
        var image = RGBImage(width: 40, height: 30)
        image.draw("1", x: 10, y: 5, scale: 2, white)
        // "1" has a full-height stem in its middle column.
        #expect((5..<19).allSatisfy { image.pixel(x: 14, y: $0) == white })
        #expect(count(white, in: image, x: 0, y: 0, width: 40, height: 30) == 10 * 4)
        #expect(count(white, in: image, x: 0, y: 0, width: 10, height: 30) == 0)
    }

    // MARK: Picture

    @Test func loudThenSilentLightsOnlyTheFirstHalf() {
        let levels = [Double](repeating: -6, count: 50) + [Double](repeating: -70, count: 50)
        let image = WaveformPicture.render(
            [WaveformPanel(title: "source  10.00 s", duration: 10, levels: levels)], width: 600, panelHeight: 200,
            noiseFloor: -70)
        #expect(image.width == 600 && image.height == 200 && image.pixels.count == 600 * 200 * 3)
        let plot = WaveformPicture.plotArea(width: 600, panelHeight: 200)
        let bar = WaveformPicture.palette[0]
        let half = plot.width / 2
        #expect(count(bar, in: image, x: 0, y: 0, width: plot.x + half, height: 200) > half * plot.height / 2)
        #expect(count(bar, in: image, x: plot.x + half, y: 0, width: 600 - plot.x - half, height: 200) == 0)
        // The loudest bar spans the plot's height but for the padding.
        let padding = WaveformPicture.plotPadding
        #expect(count(bar, in: image, x: plot.x + 1, y: 0, width: 1, height: 200) == plot.height - 2 * padding - 1)
        #expect(image.pixel(x: plot.x + 1, y: plot.y + padding) == bar)
        #expect(image.pixel(x: plot.x + 1, y: plot.y + padding - 1) != bar)
    }

    @Test func barsAreSymmetricAndProportionalAboveTheFloor() {
        let image = WaveformPicture.render(
            [WaveformPanel(title: "", duration: 1, levels: [-70, -35, 0])], width: 380, panelHeight: 200,
            noiseFloor: -70)
        let plot = WaveformPicture.plotArea(width: 380, panelHeight: 200)
        let bar = WaveformPicture.palette[0]
        let third = plot.width / 3
        let heights = (0..<3).map {
            count(bar, in: image, x: plot.x + $0 * third + third / 2, y: 0, width: 1, height: 200)
        }
        #expect(heights[0] == 0)
        let tallest = plot.height - 2 * WaveformPicture.plotPadding
        #expect(abs(heights[1] - tallest / 2) <= 2)
        #expect(abs(heights[2] - tallest) <= 2)
        let centre = plot.y + (plot.height - 1) / 2
        let column = plot.x + third + third / 2
        let above = (plot.y..<centre).filter { image.pixel(x: column, y: $0) == bar }.count
        let below = ((centre + 1)..<(plot.y + plot.height)).filter { image.pixel(x: column, y: $0) == bar }.count
        #expect(above == below && above > 0)
    }

    @Test func aSilentPanelHasNoBars() {
        let image = WaveformPicture.render(
            [WaveformPanel(title: "silence", duration: 2, levels: [Double](repeating: -70, count: 40))], width: 400,
            panelHeight: 160, noiseFloor: -70)
        #expect(count(WaveformPicture.palette[0], in: image, x: 0, y: 0, width: 400, height: 160) == 0)
    }

    @Test func panelsStackWithTheirOwnColours() {
        let loud = [Double](repeating: -3, count: 20)
        let image = WaveformPicture.render(
            [
                WaveformPanel(title: "source", duration: 10, levels: loud),
                WaveformPanel(title: "scaled x2", duration: 20, levels: loud),
            ], width: 500, panelHeight: 180, noiseFloor: -70)
        #expect(image.width == 500 && image.height == 360)
        let first = WaveformPicture.palette[0]
        let second = WaveformPicture.palette[1]
        #expect(first != second)
        #expect(count(first, in: image, x: 0, y: 0, width: 500, height: 180) > 0)
        #expect(count(second, in: image, x: 0, y: 0, width: 500, height: 180) == 0)
        #expect(count(second, in: image, x: 0, y: 180, width: 500, height: 180) > 0)
        #expect(count(first, in: image, x: 0, y: 180, width: 500, height: 180) == 0)
    }

    @Test func moreLevelsThanPixelsStillShowEveryLoudPart() {
        var levels = [Double](repeating: -70, count: 5000)
        levels[4321] = -1
        let image = WaveformPicture.render(
            [WaveformPanel(title: "", duration: 5, levels: levels)], width: 300, panelHeight: 120, noiseFloor: -70)
        let plot = WaveformPicture.plotArea(width: 300, panelHeight: 120)
        let column = plot.x + 4321 * plot.width / 5000
        #expect(count(WaveformPicture.palette[0], in: image, x: 0, y: 0, width: 300, height: 120) > 0)
        #expect(image.pixel(x: column, y: plot.y + plot.height / 2) == WaveformPicture.palette[0])
    }

    @Test func wideBarsHaveAGapNarrowOnesDoNot() {
        let plot = WaveformPicture.plotArea(width: 480, panelHeight: 160)
        let bar = WaveformPicture.palette[0]
        let centre = plot.y + (plot.height - 1) / 2
        for (bars, lit) in [(plot.width / 4, 3 * plot.width / 4), (plot.width / 2, plot.width)] {
            let image = WaveformPicture.render(
                [WaveformPanel(title: "", duration: 1, levels: [Double](repeating: -20, count: bars))], width: 480,
                panelHeight: 160, noiseFloor: -70)
            #expect(count(bar, in: image, x: plot.x, y: centre, width: plot.width, height: 1) == lit, "\(bars) bars")
        }
    }

    @Test func titleAndAxisLabelsAreDrawn() {
        let panel = WaveformPanel(title: "source  10.00 s", duration: 10, levels: [-10, -20])
        let plot = WaveformPicture.plotArea(width: 600, panelHeight: 200)
        let text = WaveformPicture.text
        let titled = WaveformPicture.render([panel], width: 600, panelHeight: 200, noiseFloor: -70)
        let untitled = WaveformPicture.render(
            [WaveformPanel(title: "", duration: 0, levels: [-10, -20])], width: 600, panelHeight: 200, noiseFloor: -70)
        #expect(count(text, in: titled, x: 0, y: 0, width: 300, height: plot.y) > 100)
        #expect(count(text, in: untitled, x: 0, y: 0, width: 300, height: plot.y) == 0)
        let below = plot.y + plot.height + 1
        #expect(count(text, in: titled, x: 0, y: below, width: 600, height: 200 - below) > 100)
        // Without a duration only the base line is drawn.
        #expect(count(text, in: untitled, x: 0, y: below, width: 600, height: 200 - below) == 0)
    }
}

/// The waveform picture's PNG file, as ffmpeg reads it.
@Suite(.tags(.endToEnd))
struct WaveformPNGTests {
    @Test func pngReadsBackPixelForPixel() throws {
        let scratch = try Scratch()
        var image = RGBImage(width: 37, height: 11)
        for index in image.pixels.indices { image.pixels[index] = UInt8(truncatingIfNeeded: index * 7 + index / 3) }
        let file = scratch.file("picture.png")
        try PNGWriter.encode(image).write(to: file)
        #expect(try Tool.probe(file, stream: "v:0", "codec_name") == "png")
        #expect(try Tool.probe(file, stream: "v:0", "width") == "37")
        #expect(try Tool.probe(file, stream: "v:0", "height") == "11")
        let decoded = try Tool.ffmpeg(["-i", file.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        #expect([UInt8](decoded) == image.pixels)
    }

    @Test func aRenderedPictureIsAValidPNG() throws {
        let scratch = try Scratch()
        let levels = (0..<300).map { -70 + 70 * Double($0 % 30) / 29 }
        let image = WaveformPicture.render(
            [
                WaveformPanel(title: "source  10.00 s", duration: 10, levels: levels),
                WaveformPanel(title: "scaled x2  20.00 s", duration: 20, levels: levels),
            ], width: WaveformPicture.defaultWidth, panelHeight: WaveformPicture.defaultPanelHeight,
            noiseFloor: WaveformPicture.defaultNoiseFloor)
        let file = scratch.file("waveform.png")
        try PNGWriter.encode(image).write(to: file)
        #expect(try Tool.probe(file, stream: "v:0", "width") == "\(WaveformPicture.defaultWidth)")
        #expect(try Tool.probe(file, stream: "v:0", "height") == "\(2 * WaveformPicture.defaultPanelHeight)")
    }
}
