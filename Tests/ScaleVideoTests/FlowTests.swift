import TestSupport
import Foundation
import Testing

@testable import ScaleVideo

/// `--motion flow` end to end on a white square moving at constant speed over
/// black, encoded losslessly and scaled with `--crf 0`: an output frame SPEC §9
/// crossfades between source frames i and i+1 by w must show one
/// full-brightness square where the square would be at that instant (within
/// two pixels), where blend shows two half-bright ones; a frame §9 shows as it
/// is must be that source frame; a mean of a fast stretch must be blend's.
/// The count is §4/§8's.
@Suite(.tags(.endToEnd))
struct FlowTests {
    static let width = 384
    static let height = 96
    static let side = 16
    static let top = 40
    static let rate: Int64 = 10
    static let sourceFrames = 20

    /// The square's left edge in source frame i.
    static func left(_ i: Int) -> Int { 32 + 16 * i }

    /// Two seconds at 10 fps: frame i has the square at `left(i)`, row `top`,
    /// one square's width from where it was.
    private func source(_ file: URL) throws {
        try Fixtures.make(file, ffmpeg: [
            "-f", "lavfi", "-i", "color=black:s=\(Self.width)x\(Self.height):r=\(Self.rate):d=2",
            "-f", "lavfi", "-i", "color=white:s=\(Self.side)x\(Self.side):r=\(Self.rate):d=2",
            "-filter_complex", "[0][1]overlay=x='32+160*t':y=\(Self.top),format=yuv420p", "-c:v", "libx264", "-qp", "0",
        ])
    }

    /// Each decoded frame's luma plane.
    private func lumas(_ file: URL) throws -> [[UInt8]] {
        let data = try Tool.ffmpeg(["-i", file.path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let size = Self.width * Self.height
        return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[data.startIndex + $0..<data.startIndex + $0 + size]) }
    }

    /// The luma of a frame showing only the square at `left`.
    private func square(at left: Int, _ frame: [UInt8]) -> Bool {
        frame.indices.allSatisfy { p in
            let (x, y) = (p % Self.width, p / Self.width)
            let inside = x >= left && x < left + Self.side && y >= Self.top && y < Self.top + Self.side
            return abs(Int(frame[p]) - (inside ? 255 : 0)) <= 24
        }
    }

    /// The left edges of the full-brightness runs along the square's middle row, and how many samples are half-bright.
    private func shape(_ frame: [UInt8]) -> (lefts: [Int], widths: [Int], half: Int) {
        let row = Array(frame[(Self.top + Self.side / 2) * Self.width..<(Self.top + Self.side / 2 + 1) * Self.width])
        var lefts: [Int] = []
        var widths: [Int] = []
        for x in row.indices where row[x] > 200 {
            if x > 0 && row[x - 1] > 200 { widths[widths.count - 1] += 1 } else { lefts.append(x); widths.append(1) }
        }
        return (lefts, widths, frame.filter { $0 > 60 && $0 < 190 }.count)
    }

    private func scale(_ scratch: Scratch, _ target: [String], fps: String, motion: String) throws -> [[UInt8]] {
        let result = try Tool.scale(
            ["in.mp4", "-o", "\(motion).mov", "--overwrite", "--fps", fps, "--crf", "0", "--motion", motion, "--quiet"] + target,
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        return try lumas(scratch.file("\(motion).mov"))
    }

    /// Checks flow's frames against §9's recipes (and blend's means).
    private func check(_ flow: [[UInt8]], blend: [[UInt8]], knots: [TimeMap.Knot], fps: Rational, _ label: String) {
        let n = Int(knots.last!.output.multiplied(by: fps)!.ceilOfProduct(with: 1))
        let recipes = expectedRecipes(
            timestamps: Array(0..<Int64(Self.sourceFrames)), timeBase: Rational(1, Self.rate)!, knots: knots, fps: fps, frameCount: n)
        #expect(flow.count == n && blend.count == n, "\(label): \(flow.count) frames, \(n) expected")
        var crossfades = 0
        for (k, recipe) in recipes.enumerated() where k < flow.count && k < blend.count {
            let frames = recipe.keys.sorted()
            if recipe.count == 1 {
                #expect(square(at: Self.left(frames[0]), flow[k]), "\(label): output frame \(k) is not source frame \(frames[0])")
            } else if recipe.count == 2 && landing(frames[0], knots)! < Rational(Int64(k), 1)!.divided(by: fps)! {
                crossfades += 1
                let w = recipe[frames[1]]!.doubleValue
                let expected = Double(Self.left(frames[0])) + w * Double(Self.left(frames[1]) - Self.left(frames[0]))
                let got = shape(flow[k])
                // At most three of the square's sides' worth of half-bright samples: its edges,
                // softened where the warp falls between samples (blend's two squares make 256).
                #expect(
                    got.lefts.count == 1 && abs(Double(got.lefts[0]) - expected) <= 2 && abs(got.widths[0] - Self.side) <= 1
                        && got.half <= 3 * Self.side,
                    "\(label): output frame \(k) (w = \(w)) shows \(got), one square at \(expected) expected")
            } else {
                #expect(flow[k] == blend[k], "\(label): output frame \(k), a mean, differs from blend's")
            }
        }
        #expect(crossfades > 0, "\(label): no in-between frame")
    }

    /// Where source frame i lands, in seconds of output (the first at 0).
    private func landing(_ i: Int, _ knots: [TimeMap.Knot]) -> Rational? {
        i == 0 ? .zero : referenceOutputTime(knots, at: Rational(Int64(i), Self.rate)!)
    }

    private func knots(factor: String) -> [TimeMap.Knot] {
        [TimeMap.Knot(source: .zero, output: .zero), TimeMap.Knot(source: r("2"), output: r("2").multiplied(by: r(factor))!)]
    }

    @Test func slowMotionShowsOneSquareWhereBlendShowsTwo() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"))
        let flow = try scale(scratch, ["--factor", "4"], fps: "10", motion: "flow")
        let blend = try scale(scratch, ["--factor", "4"], fps: "10", motion: "blend")
        check(flow, blend: blend, knots: knots(factor: "4"), fps: r("10"), "factor 4")
        // Halfway between frames 0 and 1, blend shows two half-bright squares, flow one bright one.
        #expect(shape(blend[2]).lefts.isEmpty && shape(blend[2]).half >= Self.side * Self.side)
        #expect(shape(flow[2]).lefts == [Self.left(0) + 8] && shape(flow[2]).widths == [Self.side] && shape(flow[2]).half == 0)
    }

    @Test func awkwardRatesAndFactorsLandOnTheOutputClock() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"))
        for (factor, fps) in [("7/3", "30000/1001"), ("0.8", "10")] {
            let flow = try scale(scratch, ["--factor", factor], fps: fps, motion: "flow")
            let blend = try scale(scratch, ["--factor", factor], fps: fps, motion: "blend")
            check(flow, blend: blend, knots: knots(factor: factor), fps: r(fps), "factor \(factor) at \(fps) fps")
        }
    }

    @Test func aTimeMapFlowsAlongItsRampFreezeAndFastStretch() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"))
        let text = "0=0,0.5=2,0.5=2.5,1.5=3.5,2=3.7"
        let flow = try scale(scratch, ["--time-map", text], fps: "20", motion: "flow")
        let blend = try scale(scratch, ["--time-map", text], fps: "20", motion: "blend")
        check(flow, blend: blend, knots: try TimeMap(list: text, fps: r("20")).knots, fps: r("20"), "map")
    }

    @Test func theModeIsNamedHDRIsKeptAndPicturesTooSmallAreRefused() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"))
        let planned = try Tool.scale(["in.mp4", "--factor", "2", "--motion", "flow", "--dry-run"], in: scratch.url)
        #expect(planned.status == 0 && planned.stderr.contains("120 frames at 30 fps, motion flow"), "\(planned.stderr)")
        let done = try Tool.scale(["in.mp4", "--factor", "2", "--motion", "flow", "--json", "--quiet"], in: scratch.url)
        #expect(done.status == 0 && done.stderr.contains("in-scaled.mov: motion flow, 120 frames"), "\(done.stderr)")
        #expect(try JSONResults(done.stdout).objects.first?["motion"] as? String == "flow")
        let help = try Tool.run(Tool.scaleVideo.path, ["--help"])
        let words = help.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("flow (slow motion shows motion-compensated in-between pictures, made along the optical flow"))
        try Fixtures.make(scratch.file("hdr.mp4"), ffmpeg: [
            "-f", "lavfi", "-i", "testsrc2=s=64x32:r=10:d=1,format=yuv420p10le", "-c:v", "libx265", "-pix_fmt", "yuv420p10le",
            "-x265-params", "log-level=none:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc",
            "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
        ])
        let hdr = try Tool.scale(["hdr.mp4", "-o", "hdr.mov", "--factor", "2", "--keep-hdr", "--motion", "flow", "--quiet"], in: scratch.url)
        #expect(hdr.status == 0, "\(hdr.stderr)")
        #expect(try Tool.probe(scratch.file("hdr.mov"), stream: "v:0", "pix_fmt") == "yuv420p10le")
        #expect(try Tool.probe(scratch.file("hdr.mov"), stream: "v:0", "color_transfer") == "smpte2084")
        try Fixtures.make(
            scratch.file("low.mp4"), ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=64x16:r=10:d=1", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
        let low = try Tool.scale(["low.mp4", "-o", "low.mov", "--factor", "2", "--motion", "flow"], in: scratch.url)
        #expect(low.status == 1 && low.stderrLines.count == 1 && low.stderr.contains("low.mp4") && low.stderr.contains("32x32"), "\(low.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("low.mov").path))
    }

    /// Without its library (libScaleVideoFlow.so, looked for beside the
    /// command, then in ../lib/scale-video/), flow fails the input in one line
    /// naming the library and why the loader could not load it, when planned
    /// (--dry-run) as when run; the other modes need no library. The
    /// environment's SCALE_VIDEO_FLOW_LIBRARY names the one file to load instead.
    @Test func withoutItsLibraryFlowFailsInOneLineAndTheOtherModesWork() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"))
        let alone = scratch.file("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Tool.scaleVideo, to: alone.appendingPathComponent("scale-video"))
        let command = alone.appendingPathComponent("scale-video").path
        for extra in [["--dry-run"], []] {
            let result = try Tool.run(command, ["in.mp4", "-o", "flow.mov", "--factor", "2", "--motion", "flow"] + extra, in: scratch.url)
            #expect(result.status == 1 && result.stderrLines.count == 1, "\(result.stderr)")
            #expect(
                result.stderr.contains("in.mp4") && result.stderr.contains("--motion flow cannot load its library libScaleVideoFlow.so: ")
                    && result.stderr.contains("\(alone.path)/libScaleVideoFlow.so: cannot open shared object file")
                    && result.stderr.contains("\(scratch.url.path)/lib/scale-video/libScaleVideoFlow.so")
                    && result.stderr.contains("; install it with the source's scripts/install.sh, which puts it beside scale-video"),
                "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("flow.mov").path))
        for motion in ["nearest", "blend"] {
            let result = try Tool.run(
                command, ["in.mp4", "-o", "\(motion).mov", "--factor", "2", "--motion", motion, "--quiet"], in: scratch.url)
            #expect(result.status == 0, "\(motion): \(result.stderr)")
        }
        let missing = scratch.file("nowhere/libScaleVideoFlow.so").path
        let named = try Tool.run(
            "/usr/bin/env", ["SCALE_VIDEO_FLOW_LIBRARY=\(missing)", Tool.scaleVideo.path, "in.mp4", "--factor", "2", "--motion", "flow"],
            in: scratch.url)
        #expect(named.status == 1 && named.stderrLines.count == 1 && named.stderr.contains("\(missing): cannot open"), "\(named.stderr)")
        let installed = scratch.file("lib/scale-video")
        try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Tool.scaleVideo.deletingLastPathComponent().appendingPathComponent("libScaleVideoFlow.so"),
            to: installed.appendingPathComponent("libScaleVideoFlow.so"))
        let found = try Tool.run(command, ["in.mp4", "-o", "flow.mov", "--factor", "2", "--motion", "flow", "--quiet"], in: scratch.url)
        #expect(found.status == 0, "\(found.stderr)")
    }

    /// The square in 10 bits, written in 10 bits (H.264 High 10, and ProRes):
    /// halfway between two frames, flow's one square where it would be.
    @Test(arguments: [["--crf", "0"], ["--video-codec", "prores"]])
    func tenBitPicturesFlowInTenBits(codec: [String]) throws {
        let scratch = try Scratch()
        try source(scratch.file("in8.mp4"))
        try Tool.ffmpeg(["-i", scratch.file("in8.mp4").path, "-c:v", "libx264", "-qp", "0", "-pix_fmt", "yuv420p10le", scratch.file("in.mp4").path])
        let result = try Tool.scale(["in.mp4", "-o", "flow.mov", "--factor", "4", "--fps", "10", "--motion", "flow", "--quiet"] + codec, in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let format = try Tool.probe(scratch.file("flow.mov"), stream: "v:0", "pix_fmt")
        #expect(format == (codec.contains("prores") ? "yuv422p10le" : "yuv420p10le"))
        let flow = try lumas(scratch.file("flow.mov"))
        #expect(flow.count == 80)
        #expect(shape(flow[2]).lefts == [Self.left(0) + 8] && shape(flow[2]).widths == [Self.side] && shape(flow[2]).half == 0)
        #expect(square(at: Self.left(1) + 4, flow[5]))
    }

    /// Flat colour stays that colour, to the sample.
    @Test func flatColourDoesNotChange() throws {
        let scratch = try Scratch()
        try Fixtures.make(
            scratch.file("flat.mp4"), ffmpeg: ["-f", "lavfi", "-i", "color=0x4080C0:s=640x360:r=10:d=1,format=yuv420p", "-c:v", "libx264", "-qp", "0"])
        let result = try Tool.scale(["flat.mp4", "-o", "flat.mkv", "--factor", "3", "--motion", "flow", "--crf", "0", "--quiet"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let source = try Tool.ffmpeg(["-i", scratch.file("flat.mp4").path, "-frames:v", "1", "-f", "rawvideo", "-"])
        let written = try Tool.ffmpeg(["-i", scratch.file("flat.mkv").path, "-f", "rawvideo", "-"])
        #expect(written.count == 90 * source.count)
        #expect(stride(from: 0, to: written.count, by: source.count).allSatisfy { written[$0..<($0 + source.count)] == source[...] })
    }

    /// A square passing in front of a still textured picture (the background
    /// it uncovers was hidden in one of the two frames): each in-between
    /// frame against the frame rendered at its instant. Samples more than 40
    /// levels off lie within 32 pixels of the square's true edges (twice its
    /// motion of 16 pixels a source frame), and the picture's PSNR is 34 dB
    /// or more (minterpolate's mci, on four of the same frames: 12 to 22
    /// pixels, 36 to 44 dB).
    @Test func aSquarePassingInFrontLeavesNoHaloBeyondItsMotion() throws {
        let scratch = try Scratch()
        let background = "mandelbrot=s=640x360:r=30:end_pts=1,trim=end_frame=1,loop=-1:1:0,setpts=N/30/TB"
        try Fixtures.make(scratch.file("truth.mkv"), ffmpeg: [
            "-f", "lavfi", "-i", background, "-f", "lavfi", "-i", "color=white:s=64x64:r=30", "-filter_complex",
            "[0][1]overlay=x='100+240*t':y=150,format=yuv420p", "-t", "1", "-c:v", "ffv1",
        ])
        let made = try FlowFootageTests.madeAgain(in: scratch, rate: 30, .small)
        let truth = try FlowFootageTests.lumas(scratch.file("truth.mkv"), .small)
        let size = 640 * 360
        #expect(made.count == truth.count)
        for k in stride(from: 1, to: 29, by: 2) {
            let left = 100 + 240 * k / 30
            var farthest = 0
            var squared = 0.0
            for p in 0..<size {
                let error = Int(made[k][p]) - Int(truth[k][p])
                squared += Double(error * error)
                guard abs(error) > 40 else { continue }
                let (x, y) = (p % 640, p / 640)
                farthest = max(farthest, max(left - x, x - (left + 63), 150 - y, y - 213, 0))
            }
            let psnr = 10 * log10(255 * 255 / (squared / Double(size)))
            #expect(farthest <= 32 && psnr >= 34, "frame \(k): errors \(farthest) px from the square, \(psnr) dB")
        }
    }
}
