import Foundation
import TestSupport
import Testing

/// HEVC Main10 HDR ramps (PQ with HDR10 metadata, HLG): tone-mapped to SDR
/// BT.709 by default, kept as 10-bit HDR with --keep-hdr.
@Suite(.serialized, .tags(.endToEnd))
struct HDRTests {
    let scratch: Scratch
    static let width = 512

    init() throws {
        scratch = try Scratch()
    }

    /// A 10-bit grey ramp over the whole signal range, left to right.
    func ramp(_ name: String, transfer: String, extra: String = "") throws -> URL {
        let file = scratch.file(name)
        try Fixtures.make(file, ffmpeg: [
            "-f", "lavfi", "-i",
            "nullsrc=s=\(Self.width)x64:r=30:d=1,format=yuv420p10le,geq=lum='64+floor(X/2)*876/255':cb=512:cr=512",
            "-c:v", "libx265", "-pix_fmt", "yuv420p10le",
            "-x265-params", "log-level=none:colorprim=bt2020:transfer=\(transfer):colormatrix=bt2020nc\(extra)",
            "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc",
        ])
        return file
    }

    /// The first frame's middle row of luma codes.
    func lumaRow(_ file: URL, tenBit: Bool) throws -> [Int] {
        let data = try Tool.ffmpeg([
            "-i", file.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", tenBit ? "yuv420p10le" : "yuv420p", "-",
        ])
        let row = 32 * Self.width
        return (0..<Self.width).map { x in
            tenBit
                ? Int(data[2 * (row + x)]) | Int(data[2 * (row + x) + 1]) << 8
                : Int(data[row + x])
        }
    }

    /// SMPTE ST 2084: a 10-bit limited-range code to nits.
    static func pqNits(_ code: Int) -> Double {
        let signal = min(max(Double(code - 64) / 876, 0), 1)
        let (m1, m2) = (2610.0 / 16384, 2523.0 / 4096 * 128)
        let (c1, c2, c3) = (3424.0 / 4096, 2413.0 / 4096 * 32, 2392.0 / 4096 * 32)
        let p = pow(signal, 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// Hable's filmic curve, normalised so that `peak` maps to 1.
    static func hable(_ x: Double, peak: Double) -> Double {
        func curve(_ x: Double) -> Double {
            let (a, b, c, d, e, f) = (0.15, 0.50, 0.10, 0.20, 0.02, 0.30)
            return (x * (a * x + c * b) + d * e) / (x * (a * x + b) + d * f) - e / f
        }
        return min(curve(x) / curve(peak), 1)
    }

    /// Relative light for a BT.709 display (BT.1886: gamma 2.4), to an 8-bit limited-range code.
    static func bt709Code(_ light: Double) -> Double {
        16 + 219 * pow(min(max(light, 0), 1), 1 / 2.4)
    }

    @Test func pqIsToneMappedToSDR() throws {
        let input = try ramp("pq.mkv", transfer: "smpte2084", extra: ":hdr10=1:max-cll=1000,400")
        let output = scratch.file("pq-sdr.mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--quiet", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(output, stream: "v:0", "pix_fmt") == "yuv420p")
        #expect(try Tool.probe(output, stream: "v:0", "color_primaries") == "bt709")
        #expect(try Tool.probe(output, stream: "v:0", "color_transfer") == "bt709")
        #expect(try Tool.probe(output, stream: "v:0", "color_space") == "bt709")
        #expect(try Tool.probe(output, stream: "v:0", "color_range") == "tv")
        // Each source code through PQ, Hable to the 1000-nit content peak, then a BT.709 display's gamma.
        let source = try lumaRow(input, tenBit: true)
        let written = try lumaRow(output, tenBit: false)
        let expected = source.map { Self.bt709Code(Self.hable(Self.pqNits($0) / 100, peak: 10)) }
        let worst = zip(written, expected).map { abs(Double($0) - $1) }.max() ?? .infinity
        #expect(worst <= 4, "written \(written.enumerated().filter { $0.offset % 32 == 0 }.map(\.element)), expected \(expected.enumerated().filter { $0.offset % 32 == 0 }.map { Int($0.element) })")
        #expect(written.first ?? 255 <= 17 && written.last == 235)
        #expect(try Self.notes(result).contains("HDR tone-mapped to SDR BT.709"))
    }

    @Test func hlgIsToneMappedToSDR() throws {
        let input = try ramp("hlg.mkv", transfer: "arib-std-b67")
        let output = scratch.file("hlg-sdr.mp4")
        try #require(try Tool.scale([input.path, "-o", output.path, "--factor", "1", "--quiet"]).status == 0)
        #expect(try Tool.probe(output, stream: "v:0", "color_transfer") == "bt709")
        #expect(try Tool.probe(output, stream: "v:0", "pix_fmt") == "yuv420p")
        let written = try lumaRow(output, tenBit: false)
        #expect(zip(written, written.dropFirst()).allSatisfy { $1 >= $0 - 2 }, "not a rising ramp: \(written)")
        #expect(written.first ?? 255 <= 20 && written.last ?? 0 >= 200, "\(written)")
    }

    @Test(arguments: ["mov", "mkv"])
    func keepHDRWritesTenBitWithItsMetadata(container: String) throws {
        let input = try ramp(
            "pq-keep.mkv", transfer: "smpte2084",
            extra: ":hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400")
        let output = scratch.file("pq-hdr.\(container)")
        try #require(try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--keep-hdr", "--quiet"]).status == 0)
        #expect(try Tool.probe(output, stream: "v:0", "codec_name") == "h264")
        #expect(try Tool.probe(output, stream: "v:0", "profile") == "High 10")
        #expect(try Tool.probe(output, stream: "v:0", "pix_fmt") == "yuv420p10le")
        #expect(try Tool.probe(output, stream: "v:0", "color_primaries") == "bt2020")
        #expect(try Tool.probe(output, stream: "v:0", "color_transfer") == "smpte2084")
        #expect(try Tool.probe(output, stream: "v:0", "color_space") == "bt2020nc")
        let light = try Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                        "stream_side_data=side_data_type,max_luminance,max_content,max_average",
                        "-of", "default=noprint_wrappers=1", output.path]).text
        #expect(light.contains("Mastering display metadata") && light.contains("Content light level metadata"), "\(light)")
        #expect(light.contains("max_content=1000") && light.contains("max_average=400"), "\(light)")
        #expect(light.contains("max_luminance=1000/1") || light.contains("max_luminance=10000000/10000"), "\(light)")
        let source = try lumaRow(input, tenBit: true)
        let written = try lumaRow(output, tenBit: true)
        #expect(zip(source, written).allSatisfy { abs($0 - $1) <= 8 }, "the 10-bit codes should pass through")
    }

    /// HEVC Main 10 and ProRes keep HDR too: the colour tags, mastering
    /// display and light level, and the 10-bit codes (ProRes writes the tags
    /// into each frame, HEVC into its VUI).
    @Test(arguments: [("hevc", "Main 10", "yuv420p10le"), ("prores", "HQ", "yuv422p10le")])
    func keepHDRInHEVCAndProRes(codec: String, profile: String, pixels: String) throws {
        let input = try ramp(
            "pq-\(codec).mkv", transfer: "smpte2084",
            extra: ":hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400")
        let output = scratch.file("pq-\(codec).mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--keep-hdr", "--video-codec", codec, "--quiet", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Self.notes(result).contains("HDR (10-bit, colour tags, mastering display, content light level)"))
        #expect(try Tool.probe(output, stream: "v:0", "codec_name") == codec)
        #expect(try Tool.probe(output, stream: "v:0", "profile") == profile)
        #expect(try Tool.probe(output, stream: "v:0", "pix_fmt") == pixels)
        #expect(try Tool.probe(output, stream: "v:0", "color_primaries") == "bt2020")
        #expect(try Tool.probe(output, stream: "v:0", "color_transfer") == "smpte2084")
        #expect(try Tool.probe(output, stream: "v:0", "color_space") == "bt2020nc")
        let light = try Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data=max_content,max_average",
                        "-of", "default=noprint_wrappers=1", output.path]).text
        #expect(light.contains("max_content=1000") && light.contains("max_average=400"), "\(light)")
        let source = try lumaRow(input, tenBit: true)
        let written = try lumaRow(output, tenBit: true)
        #expect(zip(source, written).allSatisfy { abs($0 - $1) <= 8 }, "the 10-bit codes should pass through")
    }

    /// VP9 (in WebM) and AV1 keep HDR as 10-bit with its colour tags; a
    /// source with no mastering display or light level gets none, and the
    /// result does not claim them.
    @Test(arguments: [("vp9", "webm", "Profile 2"), ("av1", "mp4", "Main")])
    func keepHDRInVP9AndAV1WithoutMetadata(codec: String, container: String, profile: String) throws {
        let input = try ramp("hlg-\(codec).mkv", transfer: "arib-std-b67")
        let output = scratch.file("hlg-\(codec).\(container)")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--keep-hdr", "--video-codec", codec, "--quiet", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(output, stream: "v:0", "profile") == profile)
        #expect(try Tool.probe(output, stream: "v:0", "pix_fmt") == "yuv420p10le")
        #expect(try Tool.probe(output, stream: "v:0", "color_transfer") == "arib-std-b67")
        #expect(try Tool.probe(output, stream: "v:0", "color_primaries") == "bt2020")
        let sideData = try Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data=side_data_type", "-of", "csv=p=0", output.path])
        #expect(!sideData.text.contains("Mastering") && !sideData.text.contains("light level"), "\(sideData.text)")
        let notes = try Self.notes(result)
        #expect(notes.contains("HDR (10-bit, colour tags)"), "\(notes)")
        let source = try lumaRow(input, tenBit: true)
        let written = try lumaRow(output, tenBit: true)
        #expect(zip(source, written).allSatisfy { abs($0 - $1) <= 8 }, "the 10-bit codes should pass through")
    }

    /// The kept/dropped notes of a --json result.
    static func notes(_ result: ProcessOutput) throws -> [String] {
        let object = try #require(try JSONResults(result.stdout).objects.first)
        return ["kept", "changed", "dropped"].flatMap { object[$0] as? [String] ?? [] }
    }
}
