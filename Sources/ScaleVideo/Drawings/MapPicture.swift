import FoundationEssentials

/// Draws a time map (SPEC §13, `--plot-map`) in the waveform picture's
/// style: above, the source time on screen at each output time (σ, the
/// straight lines or the smooth curve), its knots marked; below, the speed
/// (source seconds an output second shows: 1 normal, 0 a freeze, below 0
/// backwards), with the lines of 0 and 1.
public enum MapPicture {
    static let width = 1200
    static let mapHeight = 420
    static let speedHeight = 240
    /// Room on the left for the source time's labels.
    static let marginLeft = 76

    static let knot = RGB(240, 240, 244)
    static let guide = RGB(58, 63, 75)

    /// The picture of `map`, titled with its shape as the result line names it.
    public static func render(_ map: TimeMap) -> RGBImage {
        var image = RGBImage(width: width, height: mapHeight + speedHeight)
        image.fill(x: 0, y: 0, width: image.width, height: image.height, WaveformPicture.background)
        image.fill(x: 0, y: mapHeight, width: width, height: 1, WaveformPicture.separator)
        let duration = map.duration.doubleValue
        let smooth = map.smoothCurve
        let top = plot(top: 0, height: mapHeight)
        let below = plot(top: mapHeight, height: speedHeight)
        // σ at each column's centre, and at its edges for the speed.
        let σ = { (τ: Double) in smooth?.sourceTime(atOutput: τ) ?? linear(map, at: τ) }
        let column = { (x: Double) in x / Double(top.width) * duration }
        let sources = (0...top.width).map { σ(column(Double($0))) }
        let speeds = (0..<top.width).map { (sources[$0 + 1] - sources[$0]) / (duration / Double(top.width)) }
        let highest = max(map.highestSource.doubleValue, 1e-9)
        image.draw("source time over output time, " + map.shape, x: top.x, y: WaveformPicture.titleTop, scale: 2, WaveformPicture.text)
        drawSources(sources, highest: highest, plot: top, into: &image)
        for knot in map.knots {
            let x = top.x + min(top.width - 1, Int((knot.output.doubleValue / duration * Double(top.width)).rounded()))
            let y = row(knot.source.doubleValue, low: 0, high: highest, plot: top)
            image.fill(x: x - 3, y: y - 3, width: 7, height: 7, Self.knot)
        }
        WaveformPicture.drawAxis(duration: duration, plot: top, into: &image)
        let slowest = min(speeds.min() ?? 0, 0)
        let fastest = max(speeds.max() ?? 1, 1)
        let caption = String(printf: "speed  %.2fx to %.2fx", speeds.min() ?? 0, speeds.max() ?? 0)
        image.draw(caption, x: below.x, y: mapHeight + WaveformPicture.titleTop, scale: 2, WaveformPicture.text)
        drawSpeeds(speeds, low: slowest, high: fastest, plot: below, into: &image)
        WaveformPicture.drawAxis(duration: duration, plot: below, into: &image)
        return image
    }

    /// σ(τ) along the straight lines, in seconds.
    private static func linear(_ map: TimeMap, at τ: Double) -> Double {
        let knots = map.knots.map { (d: $0.output.doubleValue, s: $0.source.doubleValue) }
        guard let j = knots.lastIndex(where: { $0.d <= τ }), j + 1 < knots.count else { return knots[knots.count - 1].s }
        return knots[j].s + (τ - knots[j].d) * (knots[j + 1].s - knots[j].s) / (knots[j + 1].d - knots[j].d)
    }

    private static func plot(top: Int, height: Int) -> WaveformPicture.PlotArea {
        WaveformPicture.PlotArea(
            x: marginLeft, y: top + WaveformPicture.plotTop, width: width - marginLeft - WaveformPicture.marginX,
            height: height - WaveformPicture.plotTop - WaveformPicture.axisHeight)
    }

    /// The pixel row of `value` on a scale from `low` (the plot's bottom) to `high` (its top, less padding).
    private static func row(_ value: Double, low: Double, high: Double, plot: WaveformPicture.PlotArea) -> Int {
        let padding = WaveformPicture.plotPadding
        let usable = Double(plot.height - 1 - 2 * padding)
        return plot.y + plot.height - 1 - padding - Int(((value - low) / (high - low) * usable).rounded())
    }

    /// The source time's grid and labels on the left, then σ as a line.
    private static func drawSources(_ sources: [Double], highest: Double, plot: WaveformPicture.PlotArea, into image: inout RGBImage) {
        image.fill(x: plot.x, y: plot.y, width: plot.width, height: plot.height, WaveformPicture.plotBackground)
        if let axis = TimeAxis(duration: highest, maxIntervals: 6) {
            for (index, time) in axis.ticks.enumerated() {
                let y = row(time, low: 0, high: highest, plot: plot)
                image.fill(x: plot.x, y: y, width: plot.width, height: 1, guide)
                let label = axis.label(index) + (index == axis.ticks.count - 1 ? " s" : "")
                image.draw(label, x: max(0, plot.x - 8 - PixelFont.width(of: label, scale: 2)), y: y - 6, scale: 2, WaveformPicture.text)
            }
        }
        let colour = WaveformPicture.palette[0]
        for x in 0..<plot.width {
            let a = row(sources[x], low: 0, high: highest, plot: plot)
            let b = row(sources[x + 1], low: 0, high: highest, plot: plot)
            image.fill(x: plot.x + x, y: min(a, b) - 1, width: 1, height: abs(a - b) + 3, colour)
        }
    }

    /// The speed as bars from the line of 0, with the line of 1 (normal speed).
    private static func drawSpeeds(
        _ speeds: [Double], low: Double, high: Double, plot: WaveformPicture.PlotArea, into image: inout RGBImage
    ) {
        image.fill(x: plot.x, y: plot.y, width: plot.width, height: plot.height, WaveformPicture.plotBackground)
        let zero = row(0, low: low, high: high, plot: plot)
        let normal = row(1, low: low, high: high, plot: plot)
        image.fill(x: plot.x, y: normal, width: plot.width, height: 1, guide)
        image.draw("1x", x: max(0, plot.x - 8 - PixelFont.width(of: "1x", scale: 2)), y: normal - 6, scale: 2, WaveformPicture.text)
        image.draw("0", x: max(0, plot.x - 8 - PixelFont.width(of: "0", scale: 2)), y: zero - 6, scale: 2, WaveformPicture.text)
        for (x, speed) in speeds.enumerated() {
            let y = row(speed, low: low, high: high, plot: plot)
            let colour = speed < 0 ? WaveformPicture.palette[1] : WaveformPicture.palette[2]
            image.fill(x: plot.x + x, y: min(y, zero), width: 1, height: abs(y - zero) + 1, colour)
        }
        image.fill(x: plot.x, y: zero, width: plot.width, height: 1, WaveformPicture.text)
    }
}
