import Foundation
import TestSupport
import Testing

/// SPEC §12: an input whose container states no duration (Matroska or
/// WebM written live, to a pipe) is measured from its packets: S is the end
/// of its last frame, as SPEC §3 says; it is not refused.
@Suite(.tags(.endToEnd))
struct UnstatedDurationTests {
    /// A file as ffmpeg writes it to a pipe: no duration, no cues.
    private static func live(_ file: URL, _ arguments: [String], format: String) throws {
        try Tool.ffmpeg(arguments + ["-f", format, "-"]).write(to: file)
        let stated = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "format=duration:stream=duration", "-of", "csv=p=0", file.path])
        let statesOne = stated.text.contains { $0.isNumber }
        #expect(!statesOne, "the test file states a duration: \(stated.text)")
    }

    /// S as ffprobe's packets give it: the first frame's time to the end of the last.
    private static func span(_ file: URL) throws -> Double {
        let result = try Tool.run(
            "ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", file.path])
        let packets = result.text.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }.filter { $0.count == 2 }
        let start = packets.map { $0[0] }.min() ?? 0
        return (packets.map { $0[0] + $0[1] }.max() ?? 0) - start
    }

    @Test func aLiveMatroskaMovieIsMeasuredFromItsPackets() throws {
        let scratch = try Scratch()
        let input = scratch.file("live.mkv")
        try Self.live(
            input,
            ["-f", "lavfi", "-i", Media.indexedVideo(rate: 30, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2),
             "-c:v", "libx264", "-preset", "veryfast", "-c:a", "pcm_s16le"], format: "matroska")
        let seconds = try Self.span(input)
        #expect(abs(seconds - 2) < 0.002)
        let output = scratch.file("out.mov")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "1.5", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(abs((object["sourceDuration"] as? Double ?? 0) - seconds) < 1e-6)
        let frames = Int((seconds * 1.5 * 30 - 1e-9).rounded(.up))
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "\(frames)")
        // SPEC §5 on the 96000 samples the source holds.
        #expect(try Media.samples(input).count == 2 * 96000)
        #expect(try Media.samples(output).count == 2 * Int(Double(96000) * 1.5))
    }

    @Test func aLiveWebMIsMeasuredFromItsPackets() throws {
        let scratch = try Scratch()
        let input = scratch.file("live.webm")
        try Self.live(
            input,
            ["-f", "lavfi", "-i", Media.indexedVideo(rate: 25, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2),
             "-c:v", "libvpx-vp9", "-deadline", "realtime", "-c:a", "libopus"], format: "webm")
        let seconds = try Self.span(input)
        let output = scratch.file("out.webm")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "0.5", "--fps", "25", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(abs((object["sourceDuration"] as? Double ?? 0) - seconds) < 1e-6)
        #expect(try Tool.probe(output, stream: "v:0", "nb_read_frames", countFrames: true) == "\(Int((seconds * 0.5 * 25 - 1e-9).rounded(.up)))")
    }

    @Test func liveSoundAloneIsMeasuredByItsCount() throws {
        let scratch = try Scratch()
        let input = scratch.file("live.webm")
        try Self.live(input, ["-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 1), "-c:a", "libopus"], format: "webm")
        let output = scratch.file("out.wav")
        let result = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--json", "--quiet"])
        try #require(result.status == 0, "\(result.stderr)")
        let count = try Media.samples(input).count / 2
        let object = try #require(try JSONResults(result.stdout).objects.first)
        #expect(object["sourceDuration"] as? Double == Double(count) / 48000)
        #expect(try Media.samples(output).count / 2 == 2 * count)
    }
}
