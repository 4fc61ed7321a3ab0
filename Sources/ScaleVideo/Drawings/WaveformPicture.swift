import FoundationEssentials
import Glibc

/// One waveform of a picture: a title, then decibel bars over a time axis.
public struct WaveformPanel: Sendable {
    /// The line above the plot, e.g. `source  10.00 s`.
    public var title: String
    /// Seconds the levels span; labels the time axis.
    public var duration: Double
    /// One decibel level per bar, in `noiseFloor...0`, earliest first.
    public var levels: [Double]

    /// A panel titled `title` whose `levels` span `duration` seconds.
    public init(title: String, duration: Double, levels: [Double]) {
        self.title = title
        self.duration = duration
        self.levels = levels
    }
}

/// Draws waveform panels one above the other.
///
/// Each level becomes a vertical bar, symmetric about the plot's centre
/// line, whose half-height is proportional to how far the level is above the
/// noise floor, relative to the panel's loudest level: the loudest bar fills
/// the plot's height (less a little padding) and a level at the floor draws
/// nothing. The bars are stretched across the plot's width, with a 1-pixel
/// gap once they are 3 pixels wide.
public enum WaveformPicture {
    /// The picture's width in pixels.
    public static let defaultWidth = 1200
    /// Each panel's height in pixels.
    public static let defaultPanelHeight = 240
    /// Decibels (dBFS) at and below which a bar is not drawn.
    public static let defaultNoiseFloor = -70.0

    static let textScale = 2
    static let marginX = 40
    static let titleTop = 12
    static let plotTop = 38
    /// Rows under the plot for the axis line, the ticks and their labels.
    static let axisHeight = 34
    /// Rows kept clear above and below the tallest bar.
    static let plotPadding = 6
    static let tickLength = 6
    static let labelGap = 24

    static let background = RGB(18, 20, 26)
    static let plotBackground = RGB(27, 30, 38)
    static let centreLine = RGB(58, 63, 75)
    static let separator = RGB(44, 48, 58)
    static let text = RGB(208, 212, 220)
    static let dimText = RGB(138, 145, 158)
    /// Bar colours of the first, second… panel.
    static let palette = [RGB(84, 158, 240), RGB(242, 150, 58), RGB(104, 200, 120), RGB(196, 130, 234)]

    /// The area behind the bars, in pixels.
    struct PlotArea {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
    }

    /// The plot of the panel whose top row is `top`.
    static func plotArea(width: Int, panelHeight: Int, top: Int = 0) -> PlotArea {
        PlotArea(
            x: marginX, y: top + plotTop, width: max(0, width - 2 * marginX),
            height: max(0, panelHeight - plotTop - axisHeight))
    }

    /// How many levels fill a picture `width` pixels wide with bars 3 pixels
    /// apart (2 lit, 1 gap); a good `width` for a `Downsampler`.
    public static func barCount(width: Int = defaultWidth) -> Int {
        max(1, plotArea(width: width, panelHeight: defaultPanelHeight).width / 3)
    }

    /// A picture `width` wide and `panels.count × panelHeight` high.
    public static func render(
        _ panels: [WaveformPanel], width: Int = defaultWidth, panelHeight: Int = defaultPanelHeight,
        noiseFloor: Double = defaultNoiseFloor
    ) -> RGBImage {
        var image = RGBImage(width: width, height: panels.count * panelHeight)
        image.fill(x: 0, y: 0, width: image.width, height: image.height, background)
        for (index, panel) in panels.enumerated() {
            let top = index * panelHeight
            if index > 0 { image.fill(x: 0, y: top, width: width, height: 1, separator) }
            let plot = plotArea(width: width, panelHeight: panelHeight, top: top)
            drawTitle(panel, noiseFloor: noiseFloor, top: top, into: &image)
            drawBars(panel.levels, noiseFloor: noiseFloor, plot: plot, palette[index % palette.count], into: &image)
            drawAxis(duration: panel.duration, plot: plot, into: &image)
        }
        return image
    }

    /// The title on the left, the panel's peak level on the right if it fits.
    private static func drawTitle(_ panel: WaveformPanel, noiseFloor: Double, top: Int, into image: inout RGBImage) {
        let y = top + titleTop
        image.draw(panel.title, x: marginX, y: y, scale: textScale, text)
        guard let peak = panel.levels.max() else { return }
        let caption = peak > noiseFloor ? String(printf: "peak %.1f dB", peak) : "silent"
        let captionX = image.width - marginX - PixelFont.width(of: caption, scale: textScale)
        if marginX + PixelFont.width(of: panel.title, scale: textScale) + labelGap <= captionX {
            image.draw(caption, x: captionX, y: y, scale: textScale, dimText)
        }
    }

    private static func drawBars(
        _ levels: [Double], noiseFloor: Double, plot: PlotArea, _ colour: RGB, into image: inout RGBImage
    ) {
        image.fill(x: plot.x, y: plot.y, width: plot.width, height: plot.height, plotBackground)
        guard plot.width > 0, plot.height > 0 else { return }
        let centre = plot.y + (plot.height - 1) / 2
        let maxHalf = Double(max(0, (plot.height - 1) / 2 - plotPadding))
        image.fill(x: plot.x, y: centre, width: plot.width, height: 1, centreLine)
        let peak = levels.max() ?? noiseFloor
        guard peak > noiseFloor else { return }
        let count = levels.count
        for (index, level) in levels.enumerated() {
            let fraction = (level - noiseFloor) / (peak - noiseFloor)
            guard fraction > 0 else { continue }
            let half = Int((maxHalf * min(1, fraction)).rounded())
            let left = index * plot.width / count
            let right = max(left + 1, (index + 1) * plot.width / count)
            let lit = right - left >= 3 ? right - left - 1 : right - left
            image.fill(x: plot.x + left, y: centre - half, width: lit, height: 2 * half + 1, colour)
        }
    }

    /// The base line under the plot, ticks at round times and their labels;
    /// the last label carries the unit.
    static func drawAxis(duration: Double, plot: PlotArea, into image: inout RGBImage) {
        let baseline = plot.y + plot.height
        image.fill(x: plot.x, y: baseline, width: plot.width, height: 1, text)
        guard plot.width > 0, let axis = fittedAxis(duration: duration, width: plot.width) else { return }
        let ticks = axis.ticks
        let labelY = baseline + tickLength + 4
        for (index, time) in ticks.enumerated() {
            let x = plot.x + min(plot.width - 1, Int((time / duration * Double(plot.width)).rounded()))
            image.fill(x: x, y: baseline + 1, width: 1, height: tickLength, text)
            let number = axis.label(index)
            let label = index == ticks.count - 1 ? number + " s" : number
            let left = x - PixelFont.width(of: number, scale: textScale) / 2
            let clamped = min(max(0, left), image.width - PixelFont.width(of: label, scale: textScale))
            image.draw(label, x: clamped, y: labelY, scale: textScale, text)
        }
    }

    /// The axis with the most ticks (up to 10) whose labels keep clear of
    /// each other over `width` pixels.
    private static func fittedAxis(duration: Double, width: Int) -> TimeAxis? {
        for intervals in stride(from: 9, through: 1, by: -1) {
            guard let axis = TimeAxis(duration: duration, maxIntervals: intervals) else { return nil }
            let spacing = axis.step / duration * Double(width)
            let widest = axis.ticks.indices.map { PixelFont.width(of: axis.label($0), scale: textScale) }.max() ?? 0
            if spacing >= Double(widest + labelGap) || intervals == 1 { return axis }
        }
        return nil
    }
}
