import Foundation
import TestSupport
import Testing

/// SPEC §12: full-range (JPEG-range) pictures stay full range where the
/// codec marks it and are otherwise converted and reported; VP9's alpha
/// (kept by WebM beside the picture) is kept in WebM and reported where it
/// cannot be. Planes are read raw (extractplanes), so no range conversion
/// of the judge's own stands between the files compared.
@Suite(.serialized, .tags(.endToEnd))
struct RangeAndAlphaTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// One plane of the first frame of `file`, its samples as stored.
    static func plane(_ file: URL, _ name: String, decoder: [String] = []) throws -> [UInt8] {
        [UInt8](try Tool.ffmpeg(decoder + ["-i", file.path, "-vf", "extractplanes=\(name)", "-frames:v", "1", "-f", "rawvideo", "-"]))
    }

    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(min(a.count, b.count), 1))
    }

    /// Runs `input` into `output` at factor 1 and the source's rate, giving the result line.
    func scale(_ input: URL, _ output: URL, _ extra: [String] = []) throws -> [String: Any] {
        let run = try Tool.scale([input.path, "-o", output.path, "--factor", "1", "--fps", "source", "--json", "--quiet"] + extra)
        try #require(run.status == 0, "\(run.stderr)")
        return try #require(try JSONResults(run.stdout).objects.first)
    }

    /// Full-range sources as cameras make them: H.264 in yuvj420p, MJPEG in AVI.
    static let fullRangeSources: [(name: String, arguments: [String])] = [
        ("full.mp4", ["-c:v", "libx264", "-crf", "10", "-pix_fmt", "yuvj420p"]),
        ("full.avi", ["-c:v", "mjpeg", "-q:v", "2", "-pix_fmt", "yuvj420p"]),
    ]

    @Test(arguments: ["mp4", "mkv", "webm"])
    func fullRangeStaysFullWhereTheCodecMarksIt(container: String) throws {
        for source in Self.fullRangeSources {
            let input = scratch.file(source.name)
            try Fixtures.make(
                input, ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=160x96:r=30:d=1,drawbox=w=24:h=24:color=white:t=fill"] + source.arguments)
            let luma = try Self.plane(input, "y")
            #expect(luma.min()! < 16 && luma.max()! > 235, "the source should use the full range")
            let output = scratch.file("out.\(container)")
            let extra = container == "mkv" ? ["--video-codec", "hevc"] : []
            let result = try scale(input, output, extra + ["--overwrite"])
            #expect(try Tool.probe(output, stream: "v:0", "color_range") == "pc", "\(source.name) → .\(container)")
            #expect(Self.meanDifference(try Self.plane(output, "y"), luma) < 2, "\(source.name) → .\(container)")
            #expect((result["kept"] as? [String] ?? []).contains("full range"), "\(result)")
        }
    }

    @Test(arguments: [("mov", "prores"), ("mkv", "av1")])
    func fullRangeIsConvertedWhereTheCodecCannotMarkIt(container: String, codec: String) throws {
        let input = scratch.file("full.mp4")
        try Fixtures.make(input, ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=160x96:r=30:d=1", "-c:v", "libx264", "-crf", "10", "-pix_fmt", "yuvj420p"])
        let output = scratch.file("out.\(container)")
        let result = try scale(input, output, ["--video-codec", codec])
        #expect(try Tool.probe(output, stream: "v:0", "color_range") != "pc")
        let title = codec == "prores" ? "ProRes" : "AV1"
        #expect((result["changed"] as? [String] ?? []).contains("full range written as limited range (\(title) does not mark full range)"))
        // Limited range: y' = 16 + y · 219 / 255 (8 bits; ProRes's 10 bits read as their top 8).
        let expected = try Self.plane(input, "y").map { UInt8((16 + Double($0) * 219 / 255).rounded()) }
        let stored = try Self.plane(output, "y")
        let written =
            codec == "prores"
            ? stride(from: 1, to: stored.count, by: 2).map { UInt8((Int(stored[$0]) << 8 | Int(stored[$0 - 1])) >> 2) } : stored
        #expect(Self.meanDifference(written, expected) < 2.5)
    }

    /// VP9 with alpha: WebM keeps the alpha plane beside each picture.
    func alphaSource() throws -> URL {
        let input = scratch.file("alpha.webm")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", "testsrc2=s=160x96:r=30:d=1,format=yuva420p,geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='X*255/159'",
            "-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8",
        ])
        #expect(try Tool.tag(input, stream: "v:0", "alpha_mode") == "1")
        return input
    }

    @Test func vp9AlphaIsKeptInWebM() throws {
        let input = try alphaSource()
        let libvpx = ["-c:v", "libvpx-vp9"]
        let alpha = try Self.plane(input, "a", decoder: libvpx)
        #expect(alpha.min()! < 10 && alpha.max()! > 245)
        let output = scratch.file("out.webm")
        let result = try scale(input, output)
        #expect(try Tool.tag(output, stream: "v:0", "alpha_mode") == "1")
        #expect(Self.meanDifference(try Self.plane(output, "a", decoder: libvpx), alpha) < 2)
        #expect((result["kept"] as? [String] ?? []).contains("yuva420p pictures"), "\(result)")
    }

    @Test func vp9AlphaIsReportedWhereItCannotBeKept() throws {
        let input = try alphaSource()
        let result = try scale(input, scratch.file("out.mp4"))
        #expect((result["changed"] as? [String] ?? []).contains("yuva420p pictures written as yuv420p"), "\(result)")
    }
}
