import Foundation
import TestSupport
import Testing

/// `--fps source` (SPEC §12): the output runs at the rate the source's
/// frames come at, exactly, and is still constant-rate by SPEC §4.
@Suite(.tags(.endToEnd))
struct SourceFrameRateTests {
    @Test(arguments: [("30000/1001", "mp4", 2.0), ("25", "mkv", 0.5)])
    func theOutputRunsAtTheSourcesRate(rate: String, container: String, factor: Double) throws {
        let scratch = try Scratch()
        let input = scratch.file("in.\(container)")
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: rate, seconds: 2), "-c:v", "libx264", "-preset", "veryfast",
            "-crf", "10",
        ])
        let output = scratch.file("out.mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", String(factor), "--fps", "source", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let fps = try #require(Self.value(of: rate))
        #expect(try Tool.probe(output, stream: "v:0", "r_frame_rate") == (rate.contains("/") ? rate : rate + "/1"))
        let times = try Media.frameTimes(input)
        let seconds = try Media.videoDuration(input)
        let frames = Int((seconds * factor * fps - 1e-9).rounded(.up))
        let shown = try Media.frameIndices(output)
        #expect(shown == Media.expectedIndices(frames: frames, times: times, fps: fps, factor: factor))
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(object["fps"] as? Double == fps && object["frames"] as? Int == frames)
        #expect((object["kept"] as? [String])?.contains("frame rate \(rate) fps") == true, "\(object)")
        let plan = try Tool.scale([input.path, "-o", output.path, "--factor", String(factor), "--fps", "source", "--dry-run", "--overwrite"])
        #expect(plan.stderr.contains("\(frames) frames at \(rate) fps"), "\(plan.stderr)")
    }

    /// Where the container's average is not the rate the shown frames come
    /// at, the output runs at the rate their spacing says, exactly: FFmpeg
    /// reads Matroska's rounded frame duration (19001/317 for 60000/1001),
    /// counts the average in its 1 ms ticks where a file states no frame
    /// duration (1000/33), or takes a stated 1 ms as 1000 fps; an mp4
    /// average counts the frames its edit list leaves out (here 15 frames at
    /// 60 fps among those before the 30 fps shown).
    @Test(arguments: [
        ("mkv", "60000/1001", "19001/317"), ("mkv-no-frame-duration", "30", "1000/33"), ("mkv-1ms-frame-duration", "30", "1000/1"),
        ("mp4-edit-list", "30", "1640/49"),
    ])
    func theRateIsTheShownFramesOwnWhereTheContainersAverageIsNot(kind: String, rate: String, average: String) throws {
        let scratch = try Scratch()
        let input = try Self.movie(kind, rate: rate, in: scratch)
        #expect(try Tool.probe(input, stream: "v:0", "avg_frame_rate") == average)
        let output = scratch.file("out.mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "1", "--fps", "source", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(try Tool.probe(output, stream: "v:0", "r_frame_rate") == (rate.contains("/") ? rate : rate + "/1"))
        let fps = try #require(Self.value(of: rate))
        let times = try Media.frameTimes(input)
        let drawn = try Media.frameIndices(input)
        let frames = Int((try Media.videoDuration(input) * fps - 1e-9).rounded(.up))
        let expected = Media.expectedIndices(frames: frames, times: times, fps: fps, factor: 1).map { drawn[$0] }
        #expect(try Media.frameIndices(output) == expected)
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect((object["kept"] as? [String])?.contains("frame rate \(rate) fps") == true, "\(object)")
    }

    /// 2 s of indexed frames at `rate` in the container `kind` names.
    private static func movie(_ kind: String, rate: String, in scratch: Scratch) throws -> URL {
        let file = scratch.file("in.\(kind.prefix(3))")
        if kind == "mp4-edit-list" {
            // Frames 0–14 at 60 fps, then every other one (30 fps from 14/60 s on); cut at 0.5 s.
            let whole = scratch.file("whole.mp4")
            try Fixtures.make(whole, ffmpeg: [
                "-f", "lavfi", "-i", Media.indexedVideo(rate: 60, seconds: 2.5),
                "-vf", "select='lt(n,15)+not(mod(n,2))',setpts='if(lt(N,15),N,2*N-14)'", "-fps_mode", "passthrough",
                "-c:v", "libx264", "-preset", "veryfast", "-crf", "10", "-bf", "2",
            ])
            try Tool.ffmpeg(["-ss", "0.5", "-i", whole.path, "-c", "copy", file.path])
            return file
        }
        try Fixtures.make(file, ffmpeg: [
            "-f", "lavfi", "-i", Media.indexedVideo(rate: rate, seconds: 2), "-c:v", "libx264", "-preset", "veryfast", "-crf", "10",
            "-write_crc32", "0",
        ])
        guard kind != "mkv" else { return file }
        // The track's DefaultDuration (33333333 ns, 4 bytes) made 1 ms, or an EBML Void of the same size.
        var bytes = try Data(contentsOf: file)
        let element = try #require(bytes.range(of: Data([0x23, 0xE3, 0x83, 0x84])))
        let replacement: [UInt8] =
            kind == "mkv-no-frame-duration" ? [0xEC, 0x86, 0, 0, 0, 0, 0, 0] : [0x23, 0xE3, 0x83, 0x84, 0x00, 0x0F, 0x42, 0x40]
        bytes.replaceSubrange(element.lowerBound..<element.lowerBound + 8, with: replacement)
        try bytes.write(to: file)
        return file
    }

    /// A time map is checked against each source's own rate: a segment
    /// shorter than one of its frames fails that input alone.
    @Test func aMapIsCheckedAgainstEachSourcesRate() throws {
        let scratch = try Scratch()
        for (name, rate) in [("fifty", 50), ("twenty", 20)] {
            try Media.make(scratch.file("\(name).mov"), rate: rate, seconds: 2, audio: nil)
        }
        let result = try Tool.scale(
            ["fifty.mov", "twenty.mov", "--time-map", "0=0,1=1,1=1.03,2=2", "--fps", "source", "--quiet"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("twenty.mov: time map knot 3 \"1=1.03\": the segment ending here lasts less than one output frame (1/20 s)"), "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["fifty-scaled.mov", "fifty.mov", "twenty.mov"])
        #expect(try Tool.probe(scratch.file("fifty-scaled.mov"), stream: "v:0", "r_frame_rate") == "50/1")
    }

    /// A source whose frames come at no one rate is written at the
    /// container's average, and the result says so.
    @Test func aVariableRateIsMadeConstantAtItsAverageAndSaidSo() throws {
        let scratch = try Scratch()
        let input = scratch.file("vfr.mp4")
        // 30 frames at 30 fps, half a second of nothing, 30 more: 60 frames in 2.5 s.
        try Fixtures.make(input, ffmpeg: [
            "-f", "lavfi", "-i", "testsrc2=s=64x64:r=30:d=2", "-vf", "setpts='N/30/TB+if(gte(N,30),0.5/TB,0)'", "-vsync", "vfr",
            "-c:v", "libx264",
        ])
        let result = try Tool.scale([input.path, "-o", scratch.file("out.mov").path, "--factor", "1", "--fps", "source", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(object["changed"] as? [String] == ["variable frame rate made constant at its average, 24 fps"], "\(object)")
        #expect(object["frames"] as? Int == 60)
    }

    @Test func anythingElseIsBadUsage() throws {
        let result = try Tool.scale(["in.mov", "--factor", "2", "--fps", "film"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--fps"), "\(result.stderr)")
    }

    private static func value(of rate: String) -> Double? {
        let parts = rate.split(separator: "/").compactMap { Double($0) }
        return parts.count == 2 ? parts[0] / parts[1] : parts.first
    }
}
