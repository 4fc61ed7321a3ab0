import Foundation
import Testing

/// `--fps source` (SPEC §12): the output runs at the source's average rate,
/// exactly, and is still constant-rate by SPEC §4.
struct SourceFrameRateTests {
    @Test(arguments: [("30000/1001", "mp4", 2.0), ("25", "mkv", 0.5)])
    func theOutputRunsAtTheSourcesRate(rate: String, container: String, factor: Double) throws {
        let scratch = try Scratch()
        let input = scratch.file("in.\(container)")
        try Tool.ffmpeg([
            "-f", "lavfi", "-i", Media.indexedVideo(rate: rate, seconds: 2), "-c:v", "libx264", "-preset", "veryfast",
            "-crf", "10", input.path,
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
        try Tool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=64x64:r=30:d=2", "-vf", "setpts='N/30/TB+if(gte(N,30),0.5/TB,0)'", "-vsync", "vfr",
            "-c:v", "libx264", input.path,
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
