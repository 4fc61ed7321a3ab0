import Foundation
import TestSupport
import Testing

/// `--still FILE.png --still-at T` (SPEC §15's still frame at the cursor):
/// the picture the output shows at output time T, as the render makes it.
/// Judged three ways: the frame index its bars carry against SPEC §4's
/// clock; a blend's crossfade against SPEC §9's weight; and the still
/// against the frame ffmpeg decodes from the same render made losslessly.
@Suite(.tags(.endToEnd))
struct StillTests {
    /// The luma of each of the 8 index bars of a picture file, as ffmpeg reads it.
    static func barLumas(_ file: URL) throws -> [Double] {
        let data = try Tool.ffmpeg(["-i", file.path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        try #require(data.count == Media.width * Media.height, "\(data.count) bytes")
        let bar = Media.width / Media.bits
        return (0..<Media.bits).map { bit in
            let columns = (bit * bar + 2)..<(bit * bar + bar - 2)
            let rows = 4..<(Media.height / 2 - 4)
            let sum = rows.reduce(0) { total, y in
                total + columns.reduce(0) { $0 + Int(data[data.startIndex + y * Media.width + $1]) }
            }
            return Double(sum) / Double(rows.count * columns.count)
        }
    }

    /// The index the bars of a picture file spell.
    static func index(_ file: URL) throws -> Int {
        try barLumas(file).enumerated().reduce(0) { $0 | ($1.element > 128 ? 1 << $1.offset : 0) }
    }

    /// Nearest, ×2 at 30 fps from 30 fps: output frame k = ⌊T · 30⌋ is
    /// at source time k / 60 s, where frame ⌊k / 2⌋ is on screen. A dry run
    /// writes the still and nothing else.
    @Test(arguments: ["0", "1.5", "0.7", "5.99"])
    func aDryRunSavesTheFrameOnScreenThenAlone(time: String) throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 3)
        let result = try Tool.scale(
            ["in.mov", "--factor", "2", "--still", "still.png", "--still-at", time, "--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let k = Int((Double(time)! * 30 + 1e-9).rounded(.down))
        #expect(try Self.index(scratch.file("still.png")) == k / 2)
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "still.png"])
        #expect(result.stderr.contains("only the frame at \(time) s saved into still.png"), "\(result.stderr)")
        let size = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0",
                                            scratch.file("still.png").path]).text
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "png,\(Media.width),\(Media.height)")
    }

    /// Blend, ×2: output frame 45 lies halfway from frame 22 (landing at
    /// 44) to frame 23 (at 46), so w = 1/2 (SPEC §9): a bar the two
    /// indices share keeps its level, one they differ in is the mean (the
    /// bars' 16 and 235 are black and white in RGB: 0 and 255).
    @Test func aBlendStillIsTheCrossfadeSpecNames() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 3)
        let result = try Tool.scale(
            ["in.mov", "--factor", "2", "--motion", "blend", "--still", "still.png", "--still-at", "1.5", "--dry-run"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lumas = try Self.barLumas(scratch.file("still.png"))
        for bit in 0..<Media.bits {
            let levels = [22, 23].map { ($0 >> bit) & 1 == 1 ? 255.0 : 0.0 }
            let expected = (levels[0] + levels[1]) / 2
            #expect(abs(lumas[bit] - expected) <= 3, "bar \(bit): \(lumas[bit]) against \(expected)")
        }
    }

    /// The still of a dry run, the still a render saves, and the frame
    /// ffmpeg decodes at that place from the render (lossless H.264, so
    /// the decoded picture is the one encoded), for every motion mode and
    /// a time map with a freeze and a backwards run.
    @Test(arguments: [
        ["--factor", "2"], ["--factor", "2.5", "--motion", "blend"], ["--factor", "0.4", "--motion", "blend"],
        ["--factor", "2", "--motion", "flow"], ["--time-map", "0=0,1=2,1=3,0.5=4"],
    ])
    func theStillIsTheRendersPicture(options: [String]) throws {
        let scratch = try Scratch()
        try Fixtures.make(
            scratch.file("in.mov"),
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedMotion(rate: 30, seconds: 2), "-c:v", "libx264", "-crf", "16"])
        let time = "0.7"
        let still = ["--still-at", time, "--crf", "0", "--no-audio"] + options
        let planned = try Tool.scale(["in.mov", "--still", "planned.png", "--dry-run"] + still, in: scratch.url)
        #expect(planned.status == 0, "\(planned.stderr)")
        let rendered = try Tool.scale(["in.mov", "-o", "out.mkv", "--still", "rendered.png", "--quiet"] + still, in: scratch.url)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try Data(contentsOf: scratch.file("planned.png")) == Data(contentsOf: scratch.file("rendered.png")))
        // Output frame ⌊0.7 · 30⌋ = 21 (within the ×0.4 output's 24), as ffmpeg decodes and converts it.
        try Tool.ffmpeg([
            "-i", scratch.file("out.mkv").path, "-vf", "select=eq(n\\,21)", "-frames:v", "1",
            "-sws_flags", "bicubic+accurate_rnd+full_chroma_int", "-pix_fmt", "rgb24", scratch.file("decoded.png").path,
        ])
        let pixels = try ["planned.png", "decoded.png"].map {
            try Tool.ffmpeg(["-i", scratch.file($0).path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        }
        try #require(pixels[0].count == pixels[1].count && !pixels[0].isEmpty)
        let differences = zip(pixels[0], pixels[1]).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(mean < 0.5 && differences.max()! <= 3, "mean \(mean), largest \(differences.max()!)")
    }

    /// A time at or past the output's end, or a picture the output will
    /// not have, is refused naming why, and nothing is written; a name
    /// that is not a PNG's, or --still-at alone, is bad usage.
    @Test func aStillTheOutputCannotShowIsRefused() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 1)
        let late = try Tool.scale(["in.mov", "--factor", "2", "--still", "s.png", "--still-at", "2", "--dry-run"], in: scratch.url)
        #expect(late.status == 1 && late.stderr.contains("--still-at 2 s: the output ends at 2.000 s"), "\(late.stderr)")
        let sound = try Tool.scale(["in.mov", "-o", "out.wav", "--factor", "2", "--still", "s.png"], in: scratch.url)
        #expect(sound.status == 1 && sound.stderr.contains("--still: the output has no picture"), "\(sound.stderr)")
        let jpeg = try Tool.scale(["in.mov", "--factor", "2", "--still", "s.jpg"], in: scratch.url)
        #expect(jpeg.status == 64 && jpeg.stderr.contains("--still s.jpg: use a .png name."), "\(jpeg.stderr)")
        let alone = try Tool.scale(["in.mov", "--factor", "2", "--still-at", "1"], in: scratch.url)
        #expect(alone.status == 64 && alone.stderr.contains("give --still too"), "\(alone.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }
}
