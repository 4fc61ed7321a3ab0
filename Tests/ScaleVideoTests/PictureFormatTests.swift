import Foundation
import TestSupport
import Testing

@testable import ScaleVideo

/// SPEC §12: the picture's format is kept where the output codec can hold
/// it (chroma 4:2:0, 4:2:2 or 4:4:4, 8 or 10 bits, alpha in ProRes 4444 and
/// VP9), and otherwise converted and reported as changed, naming both.
@Suite(.tags(.endToEnd))
struct PictureFormatTests {
    /// A source format, what it is written as, and how.
    struct Choice: Sendable, CustomTestStringConvertible {
        let source: PictureFormat
        let codec: VideoCodec
        var profile = ProResProfile.default
        var mode = PictureMode.standard
        var motion = Motion.nearest
        let written: String
        var testDescription: String { "\(source.name) by \(codec.rawValue) → \(written)" }
    }

    static let yuv420p = PictureFormat(name: "yuv420p", chroma: .c420, depth: 8, hasAlpha: false)
    static let yuvj420p = PictureFormat(name: "yuvj420p", chroma: .c420, depth: 8, hasAlpha: false)
    static let yuv422p10 = PictureFormat(name: "yuv422p10le", chroma: .c422, depth: 10, hasAlpha: false)
    static let yuv444p12 = PictureFormat(name: "yuv444p12le", chroma: .c444, depth: 12, hasAlpha: false)
    static let yuva420p = PictureFormat(name: "yuva420p", chroma: .c420, depth: 8, hasAlpha: true)
    static let yuva444p10 = PictureFormat(name: "yuva444p10le", chroma: .c444, depth: 10, hasAlpha: true)
    static let rgb24 = PictureFormat(name: "rgb24", chroma: nil, depth: 8, hasAlpha: false)
    static let rgba = PictureFormat(name: "rgba", chroma: nil, depth: 8, hasAlpha: true)
    static let gray10 = PictureFormat(name: "gray10le", chroma: nil, depth: 10, hasAlpha: false)
    static let yuv411p = PictureFormat(name: "yuv411p", chroma: nil, depth: 8, hasAlpha: false)

    /// Written from SPEC §12 and the codecs' limits (H.264, HEVC and VP9 any
    /// of the three chromas at 8 or 10 bits, VP9 alpha at 8-bit 4:2:0, AV1
    /// 4:2:0, ProRes 10-bit 4:2:2 or 4:4:4 with alpha for 4444), not from the
    /// code: other formats become 4:2:0 at their depth (more than 10 bits, 10).
    static let choices: [Choice] = [
        Choice(source: yuv420p, codec: .h264, written: "yuv420p"),
        Choice(source: yuvj420p, codec: .h264, written: "yuv420p"),
        Choice(source: yuv422p10, codec: .h264, written: "yuv422p10le"),
        Choice(source: yuv444p12, codec: .h264, written: "yuv444p10le"),
        Choice(source: yuva420p, codec: .h264, written: "yuv420p"),
        Choice(source: yuv422p10, codec: .hevc, written: "yuv422p10le"),
        Choice(source: yuv444p12, codec: .vp9, written: "yuv444p10le"),
        Choice(source: yuva420p, codec: .vp9, written: "yuva420p"),
        Choice(source: yuva444p10, codec: .vp9, written: "yuva420p"),
        Choice(source: rgba, codec: .vp9, written: "yuva420p"),
        Choice(source: yuv422p10, codec: .av1, written: "yuv420p10le"),
        Choice(source: yuva420p, codec: .av1, written: "yuv420p"),
        Choice(source: yuv420p, codec: .prores, written: "yuv422p10le"),
        Choice(source: yuv444p12, codec: .prores, written: "yuv422p10le"),
        Choice(source: yuva420p, codec: .prores, written: "yuv422p10le"),
        Choice(source: yuv420p, codec: .prores, profile: .p4444, written: "yuv444p10le"),
        Choice(source: yuva420p, codec: .prores, profile: .p4444, written: "yuva444p10le"),
        Choice(source: rgba, codec: .prores, profile: .p4444, written: "yuva444p10le"),
        Choice(source: rgb24, codec: .h264, written: "yuv420p"),
        Choice(source: gray10, codec: .hevc, written: "yuv420p10le"),
        Choice(source: yuv411p, codec: .vp9, written: "yuv420p"),
        Choice(source: yuv420p, codec: .h264, mode: .highDynamicRange, written: "yuv420p10le"),
        Choice(source: yuv422p10, codec: .hevc, mode: .highDynamicRange, written: "yuv422p10le"),
        Choice(source: yuv422p10, codec: .h264, mode: .toneMapped, written: "yuv422p"),
        Choice(source: yuv422p10, codec: .h264, motion: .flow, written: "yuv422p10le"),
        Choice(source: yuva420p, codec: .prores, profile: .p4444, motion: .flow, written: "yuv444p10le"),
        Choice(source: yuva420p, codec: .vp9, motion: .flow, written: "yuv420p"),
        Choice(source: yuv422p10, codec: .vp9, motion: .blend, written: "yuv422p10le"),
    ]

    @Test(arguments: choices)
    func theFormatWrittenIsTheNearestTheCodecHolds(_ choice: Choice) {
        let written = choice.source.written(by: choice.codec, profile: choice.profile, mode: choice.mode, motion: choice.motion)
        #expect(written.name == choice.written)
    }

    /// A source of one format through one codec, and what ffprobe reads back.
    struct Written: Sendable, CustomTestStringConvertible {
        let source: String
        let arguments: [String]
        let container: String
        /// ffprobe's pix_fmt of the output.
        let probed: String
        /// The format written, as the report names it.
        let written: String
        /// The alpha plane is read back, decoded as `alphaFormat`.
        var alphaFormat: String?
        var testDescription: String { "\(source) → \(container) \(arguments.joined(separator: " "))" }
    }

    static let written: [Written] = [
        Written(source: "yuv422p10le", arguments: [], container: "mov", probed: "yuv422p10le", written: "yuv422p10le"),
        Written(source: "yuva420p", arguments: [], container: "mp4", probed: "yuv420p", written: "yuv420p"),
        Written(source: "yuv444p", arguments: ["--video-codec", "hevc"], container: "mkv", probed: "yuv444p", written: "yuv444p"),
        Written(source: "yuv444p10le", arguments: [], container: "webm", probed: "yuv444p10le", written: "yuv444p10le"),
        // FFmpeg's VP9 decoder leaves the alpha stream out; libvpx's reads it.
        Written(source: "yuva420p", arguments: [], container: "webm", probed: "yuv420p", written: "yuva420p", alphaFormat: "yuva420p"),
        Written(source: "yuv444p", arguments: ["--video-codec", "av1"], container: "mp4", probed: "yuv420p", written: "yuv420p"),
        Written(source: "yuv420p10le", arguments: ["--video-codec", "av1"], container: "webm", probed: "yuv420p10le", written: "yuv420p10le"),
        Written(source: "yuv420p", arguments: ["--video-codec", "prores"], container: "mov", probed: "yuv422p10le", written: "yuv422p10le"),
        // FFmpeg's ProRes decoder gives 4444 as 12-bit.
        Written(
            source: "yuva420p", arguments: ["--video-codec", "prores", "--prores-profile", "4444"], container: "mov",
            probed: "yuva444p12le", written: "yuva444p10le", alphaFormat: "yuva444p"),
    ]

    @Test(arguments: written)
    func eachCodecWritesTheFormatChosen(_ case: Written) throws {
        let scratch = try Scratch()
        let (width, height) = (128, 64)
        let input = scratch.file("source.mkv")
        // The alpha plane (where there is one) is a ramp across: twice x.
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i",
            "testsrc2=s=\(width)x\(height):r=30:d=0.5,format=\(`case`.source),geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='2*X'",
            "-c:v", "ffv1",
        ])
        let output = scratch.file("out.\(`case`.container)")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "1", "--json", "--quiet"] + `case`.arguments)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(output, stream: "v:0", "pix_fmt") == `case`.probed)
        let object = try #require(try JSONResults(result.stdout).objects.first)
        if `case`.written == `case`.source {
            #expect((object["kept"] as? [String])?.contains("\(`case`.source) pictures") == true, "\(object)")
        } else {
            #expect(object["changed"] as? [String] == ["\(`case`.source) pictures written as \(`case`.written)"], "\(object)")
        }
        guard let alphaFormat = `case`.alphaFormat else { return }
        let decoder = `case`.container == "webm" ? ["-c:v", "libvpx-vp9"] : []
        let data = try Tool.ffmpeg(decoder + ["-i", output.path, "-frames:v", "1", "-pix_fmt", alphaFormat, "-f", "rawvideo", "-"])
        let alpha = data.suffix(width * height)
        try #require(alpha.count == width * height)
        let worst = alpha.enumerated().map { abs(Int($0.element) - 2 * ($0.offset % width)) }.max() ?? .max
        #expect(worst <= 2, "alpha off by up to \(worst)")
    }
}
