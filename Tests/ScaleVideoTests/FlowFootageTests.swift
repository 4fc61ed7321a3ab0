import Foundation
import TestSupport
import Testing

/// `--motion flow` on what footage does that a flow can get wrong: a still
/// background beside a moving object, a hard cut between two unrelated
/// shots, a pan and a zoom. Every other frame of a lossless source is
/// dropped, made again by flow (`--crf 0`), and each made frame compared
/// with the frame the source had there, as ffmpeg decodes both. At
/// 640x360 and 1280x720, whose flow is found on a half-size grid, and at
/// 2560x1440, on a quarter-size one.
@Suite(.tags(.endToEnd))
struct FlowFootageTests {
    /// A picture's size.
    struct Size: Sendable, CustomTestStringConvertible {
        let width: Int
        let height: Int
        var testDescription: String { "\(width)x\(height)" }
        static let small = Size(width: 640, height: 360)
        static let large = Size(width: 1280, height: 720)
        static let huge = Size(width: 2560, height: 1440)
        /// Whether the flow is found on a quarter-size grid: pictures 2560 long or longer.
        var quarterGrid: Bool { max(width, height) >= 2560 }
    }

    /// The luma planes of `file`'s frames, `size` large.
    static func lumas(_ file: URL, _ size: Size) throws -> [[UInt8]] {
        let data = try Tool.ffmpeg(["-i", file.path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let count = size.width * size.height
        return stride(from: 0, to: data.count - count + 1, by: count).map { Array(data[data.startIndex + $0..<data.startIndex + $0 + count]) }
    }

    /// `truth.mkv`'s even frames at half its rate (`half.mkv`), made again
    /// at its full rate by flow (`flow.mkv`): the made frames' lumas.
    static func madeAgain(in scratch: Scratch, rate: Int, _ size: Size) throws -> [[UInt8]] {
        try Tool.ffmpeg([
            "-i", scratch.file("truth.mkv").path, "-vf", "select='not(mod(n,2))',setpts=N*2/\(rate)/TB", "-r", "\(rate)/2", "-c:v", "ffv1",
            scratch.file("half.mkv").path,
        ])
        let result = try Tool.scale(
            ["half.mkv", "-o", "flow.mkv", "--factor", "1", "--fps", "\(rate)", "--motion", "flow", "--crf", "0", "--quiet"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        return try lumas(scratch.file("flow.mkv"), size)
    }

    /// A 64x64 square moving 6 pixels a frame over a still picture, textured
    /// or flat, in 8 bits or 10, 41 frames (at 2560x1440, 17): in every made
    /// frame (at 2560x1440, every fourth), the background more than 20 pixels from the square is the
    /// background, within a grey level on average and within 3 in every
    /// 16x16 block of it.
    @Test(arguments: [
        ("textured", Size.small, "yuv420p"), ("flat", Size.small, "yuv420p"), ("textured", Size.small, "yuv420p10le"),
        ("textured", Size.large, "yuv420p"), ("textured", Size.huge, "yuv420p10le"),
    ])
    func aStillBackgroundBesideAMovingSquareIsUnchanged(background: String, size: Size, format: String) throws {
        let scratch = try Scratch()
        let frames = size.quarterGrid ? 17 : 41
        let under = background == "flat"
            ? "color=0x406080:s=\(size.width)x\(size.height):r=30"
            : "mandelbrot=s=\(size.width)x\(size.height):r=30:end_pts=1,trim=end_frame=1,loop=-1:1:0,setpts=N/30/TB"
        try Fixtures.make(scratch.file("truth.mkv"), ffmpeg: [
            "-f", "lavfi", "-i", under, "-f", "lavfi", "-i", "color=0xE0C040:s=64x64:r=30", "-filter_complex",
            "[0][1]overlay=x='40+6*n':y=150:eval=frame,format=\(format)", "-frames:v", "\(frames)", "-c:v", "ffv1",
        ])
        let made = try Self.madeAgain(in: scratch, rate: 30, size)
        let truth = try Self.lumas(scratch.file("truth.mkv"), size)
        #expect(made.count >= frames && truth.count == frames)
        for k in stride(from: 1, to: frames - 1, by: size.quarterGrid ? 8 : 2) {
            // overlay, as called here, puts frame k's square at 40 + 6·(k + 1), one step on.
            let left = 46 + 6 * k
            func far(_ x: Int, _ y: Int) -> Bool { x < left - 20 || x >= left + 84 || y < 130 || y >= 234 }
            var (sum, count) = (0, 0)
            for y in 0..<size.height { for x in 0..<size.width where far(x, y) {
                sum += abs(Int(made[k][y * size.width + x]) - Int(truth[k][y * size.width + x]))
                count += 1
            } }
            var worst = 0.0
            for top in stride(from: 0, to: size.height - 15, by: 16) { for left in stride(from: 0, to: size.width - 15, by: 16) {
                guard far(left, top) && far(left + 15, top) && far(left, top + 15) && far(left + 15, top + 15) else { continue }
                var block = 0
                for y in top..<top + 16 { for x in left..<left + 16 { block += abs(Int(made[k][y * size.width + x]) - Int(truth[k][y * size.width + x])) } }
                worst = max(worst, Double(block) / 256)
            } }
            let mean = Double(sum) / Double(count)
            #expect(mean <= 1 && worst <= 3, "frame \(k): the background is off by \(mean) on average, \(worst) in its worst block")
        }
    }

    /// Two unrelated shots (a zoom into the Mandelbrot set, then a test
    /// pattern) slowed down 4 times: the pictures between the last frame of
    /// the first and the first of the second are those frames themselves,
    /// the nearer one (the later from halfway); the pictures within each
    /// shot are made ones, and `--json` counts the one cut.
    @Test(arguments: [Size.small, Size.huge])
    func noInBetweenIsMadeAcrossACut(size: Size) throws {
        let scratch = try Scratch()
        let s = "s=\(size.width)x\(size.height)"
        try Fixtures.make(scratch.file("cut.mkv"), ffmpeg: [
            "-f", "lavfi", "-i", "mandelbrot=\(s):r=10,trim=end_frame=10", "-f", "lavfi", "-i", "testsrc2=\(s):r=10,trim=end_frame=10",
            "-filter_complex", "[0][1]concat=n=2,format=yuv420p", "-c:v", "ffv1",
        ])
        let result = try Tool.scale(
            ["cut.mkv", "-o", "slow.mkv", "--factor", "4", "--fps", "10", "--motion", "flow", "--crf", "0", "--json", "--quiet"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains(#""cuts":1"#), "\(result.text)")
        let source = try Self.lumas(scratch.file("cut.mkv"), size)
        let slow = try Self.lumas(scratch.file("slow.mkv"), size)
        #expect(source.count == 20 && slow.count == 80)
        #expect(Array(slow[36...40]) == [source[9], source[9], source[10], source[10], source[10]], "the pictures at the cut")
        #expect(![slow[2], slow[34], slow[42], slow[74]].contains { source.contains($0) }, "the pictures within each shot are made")
        // A part counts the cuts among its own frames (the first half holds
        // the in-betweens of frames 9 and 10; the second starts at frame 10
        // itself); a join makes no picture and counts none; blend looks for
        // none. None of it hangs on the grid: checked at one size.
        guard !size.quarterGrid else { return }
        let options = ["--factor", "4", "--fps", "10", "--crf", "0", "--json", "--quiet"]
        for (part, cuts) in [(1, 1), (2, 0)] {
            let rendered = try Tool.scale(["cut.mkv", "-o", "parts.mkv", "--motion", "flow", "--part", "\(part)/2"] + options, in: scratch.url)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            #expect(rendered.text.contains(#""cuts":\#(cuts)"#), "part \(part): \(rendered.text)")
        }
        let joined = try Tool.scale(["join", "parts.part-1-of-2.mkv", "parts.part-2-of-2.mkv", "-o", "parts.mkv", "--json", "--quiet"], in: scratch.url)
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(!joined.text.contains("cuts"), "\(joined.text)")
        let blended = try Tool.scale(["cut.mkv", "-o", "blend.mkv", "--motion", "blend"] + options, in: scratch.url)
        #expect(blended.status == 0, "\(blended.stderr)")
        #expect(!blended.text.contains("cuts"), "\(blended.text)")
    }

    /// A still picture drawn at 4 times the size and seen through a window
    /// that moves (a pan of 2.67 pixels a frame, on a still wide enough for
    /// every frame's window) or shrinks about its centre (a zoom of 1.3% a
    /// frame), each frame the window scaled down: each made frame is within
    /// 1 dB (luma PSNR, 8 pixels in from the edges) of the ideal warp, the
    /// kept frame before it moved by the known motion, its value between
    /// samples by Catmull-Rom's cubic; and at least 0.5 dB closer than the
    /// same warp mixing its samples linearly, which blurs the picture's
    /// detail (a linear warp in the kernel came within 0.5 dB of that one).
    /// At 2560x1440 (the still and the windows twice as large), whose flow is
    /// found on a quarter-size grid, the flow's own error outweighs what the
    /// linear mix loses (44.8 dB on the pan, the linear warp 45.7 and the
    /// cubic 46.4; 44.2 on the zoom's frame 7, against 44.1 and 44.9): it is
    /// held to no more than 2 dB below the ideal warp and 1.5 dB below the
    /// linear one, on 9 frames, at the in-betweens 1 and 7 (more frames
    /// cost the test a minute).
    /// Along each edge, where the two frames' positions reach beyond the
    /// picture and the warp reads the edge samples there, the 4 samples
    /// nearest the edge are at least 30 dB from the true frame itself (39
    /// dB or more here; 12 dB or less with the edge samples read at half
    /// their value).
    @Test(arguments: ["pan", "zoom"], [Size.small, Size.huge])
    func aPanAndAZoomAreFollowed(motion: String, size: Size) throws {
        let scratch = try Scratch()
        let m = size.quarterGrid ? 2 : 1
        let still = motion == "pan" ? "\(2640 * m)x\(1440 * m)" : "\(2560 * m)x\(1440 * m)"
        try Tool.ffmpeg(["-f", "lavfi", "-i", "mandelbrot=s=\(still):end_pts=1", "-frames:v", "1", scratch.file("still.bmp").path])
        /// Frame n's window on the still: left, top, width, height.
        func window(_ n: Int) -> (x: Double, y: Double, w: Double, h: Double) {
            let window = motion == "pan" ? (40 + 10 * n, 40, 2400, 1350) : (16 * n, 9 * n, 2560 - 32 * n, 1440 - 18 * n)
            return (Double(window.0 * m), Double(window.1 * m), Double(window.2 * m), Double(window.3 * m))
        }
        // At 2560x1440 fewer frames: each costs ten times what a 640x360 one does.
        let frames = size.quarterGrid ? 9 : 21
        for n in 0..<frames {
            let w = window(n)
            try Tool.ffmpeg([
                "-i", scratch.file("still.bmp").path, "-vf", "crop=\(Int(w.w)):\(Int(w.h)):\(Int(w.x)):\(Int(w.y)),scale=\(size.width):\(size.height):flags=area,format=yuv420p",
                scratch.file(String(format: "frame%02d.bmp", n)).path,
            ])
        }
        try Tool.ffmpeg(["-framerate", "30", "-i", scratch.file("frame%02d.bmp").path, "-c:v", "ffv1", "-pix_fmt", "yuv420p", scratch.file("truth.mkv").path])
        let made = try Self.madeAgain(in: scratch, rate: 30, size)
        let truth = try Self.lumas(scratch.file("truth.mkv"), size)
        #expect(made.count >= frames && truth.count == frames)
        for k in stride(from: 1, to: frames - 1, by: size.quarterGrid ? 6 : 2) {
            let (from, to) = (window(k - 1), window(k))
            var (cubic, linear) = ([Double](repeating: 0, count: size.width * size.height), [Double](repeating: 0, count: size.width * size.height))
            for y in 0..<size.height { for x in 0..<size.width {
                // Where this sample of frame k lies on the still, and so in frame k − 1.
                let sx = to.x + (Double(x) + 0.5) * to.w / Double(size.width), sy = to.y + (Double(y) + 0.5) * to.h / Double(size.height)
                let px = (sx - from.x) / from.w * Double(size.width) - 0.5, py = (sy - from.y) / from.h * Double(size.height) - 0.5
                let (x0, y0) = (min(max(Int(px.rounded(.down)), 0), size.width - 2), min(max(Int(py.rounded(.down)), 0), size.height - 2))
                let (fx, fy) = (min(max(px - Double(x0), 0), 1), min(max(py - Double(y0), 0), 1))
                // A sample of frame k − 1, the edge samples repeated beyond its edges.
                func at(_ x: Int, _ y: Int) -> Double {
                    Double(truth[k - 1][min(max(y, 0), size.height - 1) * size.width + min(max(x, 0), size.width - 1)])
                }
                // Catmull-Rom's weights of the samples before, at, after and two after a position f beyond one.
                func weights(_ f: Double) -> [Double] {
                    [(-f * f * f + 2 * f * f - f) / 2, (3 * f * f * f - 5 * f * f + 2) / 2, (-3 * f * f * f + 4 * f * f + f) / 2, (f * f * f - f * f) / 2]
                }
                let (across, down) = (weights(fx), weights(fy))
                var value = 0.0
                for j in 0..<4 { for i in 0..<4 { value += down[j] * across[i] * at(x0 - 1 + i, y0 - 1 + j) } }
                cubic[y * size.width + x] = min(max(value, 0), 255)
                linear[y * size.width + x] = (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)) + fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1))
            } }
            func psnr(rows: Range<Int> = 8..<size.height - 8, columns: Range<Int> = 8..<size.width - 8, _ value: (Int) -> Double) -> Double {
                var squared = 0.0
                var count = 0
                for y in rows { for x in columns {
                    let error = value(y * size.width + x) - Double(truth[k][y * size.width + x])
                    squared += error * error
                    count += 1
                } }
                return 10 * log10(255 * 255 / max(squared / Double(count), 1e-10))
            }
            let (flow, warp, blurred) = (psnr { Double(made[k][$0]) }, psnr { cubic[$0].rounded() }, psnr { linear[$0].rounded() })
            #expect(flow >= warp - (size.quarterGrid ? 2 : 1), "\(motion), frame \(k): flow \(flow) dB, the ideal warp \(warp) dB")
            #expect(flow >= blurred + (size.quarterGrid ? -1.5 : 0.5), "\(motion), frame \(k): flow \(flow) dB, the ideal warp mixing linearly \(blurred) dB")
            let edges = [
                ("left", 0..<size.height, 0..<4), ("right", 0..<size.height, size.width - 4..<size.width),
                ("top", 0..<4, 0..<size.width), ("bottom", size.height - 4..<size.height, 0..<size.width),
            ]
            for (edge, rows, columns) in edges {
                let byEdge = psnr(rows: rows, columns: columns) { Double(made[k][$0]) }
                #expect(byEdge >= 30, "\(motion), frame \(k): flow \(byEdge) dB along the \(edge) edge")
            }
        }
    }
}
