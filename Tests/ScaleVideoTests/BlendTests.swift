import TestSupport
import Foundation
import Testing

@testable import ScaleVideo

/// `--motion blend` end to end: flat grey sources whose luma level encodes
/// the frame index, encoded losslessly, scaled with `--crf 0`; each output
/// frame's level must be SPEC §9's weights applied to the source levels,
/// rounded to nearest, ties up.
@Suite(.tags(.endToEnd))
struct BlendTests {
    static let width = 64
    static let height = 32

    /// A losslessly encoded source at `rate` fps whose frame N is flat at luma
    /// `level(N)`; in MP4 its frame times are exactly N / rate.
    private func source(_ file: URL, rate: Int, seconds: Int, level: String) throws {
        try Fixtures.make(file, ffmpeg: [
            "-f", "lavfi", "-i",
            "nullsrc=s=\(Self.width)x\(Self.height):r=\(rate):d=\(seconds),format=yuv420p,geq=lum='\(level)':cb=128:cr=128",
            "-c:v", "libx264", "-qp", "0",
        ])
    }

    /// Each decoded frame's luma, which must be flat: nil for a frame that is not.
    private func levels(_ file: URL, tenBit: Bool = false) throws -> [Int?] {
        let data = try Tool.ffmpeg(["-i", file.path, "-f", "rawvideo", "-pix_fmt", tenBit ? "yuv420p10le" : "yuv420p", "-"])
        let bytes = tenBit ? 2 : 1
        let luma = Self.width * Self.height * bytes
        let size = luma * 3 / 2
        return stride(from: 0, to: data.count - size + 1, by: size).map { offset in
            let plane = Array(data[data.startIndex + offset..<data.startIndex + offset + luma])
            let samples = tenBit ? stride(from: 0, to: luma, by: 2).map { Int(plane[$0]) | Int(plane[$0 + 1]) << 8 } : plane.map { Int($0) }
            return samples.allSatisfy({ $0 == samples[0] }) ? samples[0] : nil
        }
    }

    private func expectSame(_ got: [Int?], _ expected: [Int?], _ label: String) {
        #expect(got.count == expected.count, "\(label)")
        if let k = got.indices.first(where: { $0 < expected.count && got[$0] != expected[$0] }) {
            #expect(got[k] == expected[k], "\(label) at output frame \(k)")
        }
    }

    /// The levels §9 gives: each output frame's recipe applied to `level(i)`, rounded to nearest, ties up.
    private func expectedLevels(frames: Int, rate: Int64, knots: [TimeMap.Knot], fps: Rational, level: (Int) -> Int) -> [Int?] {
        let timestamps = Array(Int64(0)..<Int64(frames))
        let n = Int(knots.last!.output.multiplied(by: fps)!.ceilOfProduct(with: 1))
        return expectedRecipes(timestamps: timestamps, timeBase: Rational(1, rate)!, knots: knots, fps: fps, frameCount: n)
            .map { recipe in
                let value = recipe.reduce(Rational.zero) { $0.adding($1.value.multiplied(by: Rational(Int64(level($1.key)), 1)!)!)! }
                let doubled = value.multiplied(by: Rational(2, 1)!)!.adding(Rational(1, 1)!)!
                return Int(doubled.numerator / (2 * doubled.denominator))
            }
    }

    private func factorKnots(_ factor: String, seconds: Int, start: Rational = .zero) -> [TimeMap.Knot] {
        let part = Rational(Int64(seconds), 1)!.subtracting(start)!
        return [
            TimeMap.Knot(source: start, output: .zero),
            TimeMap.Knot(source: Rational(Int64(seconds), 1)!, output: part.multiplied(by: r(factor))!),
        ]
    }

    @Test func slowMotionCrossfadesBetweenFrames() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"), rate: 10, seconds: 2, level: "16+10*N")
        for (factor, fps, start) in [("2.5", "10", "0"), ("7/3", "30000/1001", "0"), ("3", "24", "0.55")] {
            let result = try Tool.scale(
                ["in.mp4", "-o", "out.mov", "--overwrite", "--factor", factor, "--fps", fps, "--start", start, "--crf", "0",
                 "--motion", "blend", "--quiet"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            let expected = expectedLevels(
                frames: 20, rate: 10, knots: factorKnots(factor, seconds: 2, start: r(start)), fps: r(fps), level: { 16 + 10 * $0 })
            expectSame(try levels(scratch.file("out.mov")), expected, "factor \(factor)")
        }
    }

    @Test func fastMotionAveragesTheFramesEachOutputFrameSpans() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"), rate: 30, seconds: 2, level: "16+3*N")
        for (factor, fps) in [("0.45", "10"), ("0.2", "25"), ("0.9", "30")] {
            let result = try Tool.scale(
                ["in.mp4", "-o", "out.mov", "--overwrite", "--factor", factor, "--fps", fps, "--crf", "0", "--motion", "blend",
                 "--quiet"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            let expected = expectedLevels(
                frames: 60, rate: 30, knots: factorKnots(factor, seconds: 2), fps: r(fps), level: { 16 + 3 * $0 })
            expectSame(try levels(scratch.file("out.mov")), expected, "factor \(factor)")
        }
    }

    @Test func aTimeMapBlendsAlongItsRampFreezeAndFastStretch() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"), rate: 30, seconds: 2, level: "16+3*N")
        let text = "0=0,0.5=1.25,0.5=1.75,1=2,2=2.4"
        let result = try Tool.scale(
            ["in.mp4", "-o", "out.mov", "--time-map", text, "--fps", "10", "--crf", "0", "--motion", "blend", "--quiet"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let map = try TimeMap(list: text, fps: r("10"))
        let expected = expectedLevels(frames: 60, rate: 30, knots: map.knots, fps: r("10"), level: { 16 + 3 * $0 })
        expectSame(try levels(scratch.file("out.mov")), expected, "map")
    }

    @Test func tenBitPicturesBlendIn16BitSamples() throws {
        let scratch = try Scratch()
        try Fixtures.make(scratch.file("in.mp4"), ffmpeg: [
            "-f", "lavfi", "-i",
            "nullsrc=s=\(Self.width)x\(Self.height):r=10:d=1,format=yuv420p10le,geq=lum='64+37*N':cb=512:cr=512",
            "-c:v", "libx265", "-pix_fmt", "yuv420p10le",
            "-x265-params", "log-level=none:lossless=1:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc",
            "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc",
        ])
        let result = try Tool.scale(
            ["in.mp4", "-o", "out.mov", "--factor", "2.5", "--fps", "10", "--crf", "0", "--keep-hdr", "--motion", "blend", "--quiet"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = expectedLevels(frames: 10, rate: 10, knots: factorKnots("2.5", seconds: 1), fps: r("10"), level: { 64 + 37 * $0 })
        expectSame(try levels(scratch.file("out.mov"), tenBit: true), expected, "10-bit")
    }

    /// ProRes keeps a 10-bit source's depth, and its flat pictures hold
    /// §9's blends of the source levels exactly.
    @Test func proResHoldsTheBlendsOfTenBitPictures() throws {
        let scratch = try Scratch()
        try Fixtures.make(scratch.file("in.mp4"), ffmpeg: [
            "-f", "lavfi", "-i",
            "nullsrc=s=\(Self.width)x\(Self.height):r=10:d=1,format=yuv420p10le,geq=lum='64+37*N':cb=512:cr=512",
            "-c:v", "libx265", "-pix_fmt", "yuv420p10le", "-x265-params", "log-level=none:lossless=1",
        ])
        let result = try Tool.scale(
            ["in.mp4", "-o", "out.mov", "--factor", "7/3", "--fps", "30000/1001", "--video-codec", "prores", "--motion", "blend",
             "--quiet"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(scratch.file("out.mov"), stream: "v:0", "pix_fmt") == "yuv422p10le")
        let expected = expectedLevels(
            frames: 10, rate: 10, knots: factorKnots("7/3", seconds: 1), fps: r("30000/1001"), level: { 64 + 37 * $0 })
        expectSame(try levels(scratch.file("out.mov"), tenBit: true), expected, "ProRes")
    }

    @Test func theModeIsNamedInThePlanAndTheResult() throws {
        let scratch = try Scratch()
        try source(scratch.file("in.mp4"), rate: 10, seconds: 1, level: "16+10*N")
        let planned = try Tool.scale(["in.mp4", "--factor", "2", "--motion", "blend", "--dry-run"], in: scratch.url)
        #expect(planned.status == 0 && planned.stderr.contains("60 frames at 30 fps, motion blend"), "\(planned.stderr)")
        let plan = try JSONResults(try Tool.scale(["in.mp4", "--factor", "2", "--motion", "blend", "--dry-run", "--json"], in: scratch.url).stdout)
        #expect(plan.objects.first?["motion"] as? String == "blend")
        let done = try Tool.scale(["in.mp4", "--factor", "2", "--motion", "blend", "--json", "--quiet"], in: scratch.url)
        #expect(done.status == 0 && done.stderr.contains("in-scaled.mov: motion blend, 60 frames"), "\(done.stderr)")
        #expect(try JSONResults(done.stdout).objects.first?["motion"] as? String == "blend")
        let nearest = try Tool.scale(["in.mp4", "--factor", "2", "--overwrite", "--dry-run", "--json"], in: scratch.url)
        #expect(try JSONResults(nearest.stdout).objects.first?["motion"] as? String == "nearest")
        #expect(try Tool.scale(["in.mp4", "--factor", "2", "--motion", "smooth"], in: scratch.url).status == 64)
    }
}
