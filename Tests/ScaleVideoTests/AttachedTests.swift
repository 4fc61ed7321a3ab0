import Foundation
import TestSupport
import Testing

/// SPEC §11: attachments (fonts) and cover pictures are copied as they are
/// where the container holds them, and named as dropped elsewhere; a cover
/// never changes S; the start timecode is kept, counted at the output's
/// frame rate (and moved on to where a cut starts).
@Suite(.tags(.endToEnd))
struct AttachedTests {
    let scratch: Scratch
    let cover: URL
    let font: URL

    init() throws {
        scratch = try Scratch()
        cover = scratch.file("cover.jpg")
        try Fixtures.make(cover, ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=96x96:d=1", "-frames:v", "1"])
        font = scratch.file("font.ttf")
        // Any bytes will do: the font is copied, never read.
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: font)
    }

    /// One second of indexed frames at 25 fps, with a tone, a cover and a start timecode.
    private func movie(_ name: String, extra: [String]) throws -> URL {
        let file = scratch.file(name)
        try Fixtures.make(
            file,
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedVideo(rate: 25, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2)]
                + extra + ["-timecode", "10:00:00:12"])
        return file
    }

    private func result(_ arguments: [String]) throws -> [String: Any] {
        let run = try Tool.scale(arguments + ["--json", "--quiet"])
        try #require(run.status == 0, "\(run.stderr)")
        return try #require(try JSONResults(run.stdout).objects.first)
    }

    @Test func aCoverIsCopiedAsItIsAndNeverChangesS() throws {
        let input = try movie(
            "covered.mp4",
            extra: ["-i", cover.path, "-map", "0", "-map", "1", "-map", "2", "-c:v:0", "libx264", "-c:v:1", "copy",
                    "-disposition:v:1", "attached_pic", "-c:a", "aac"])
        for container in ["mp4", "mkv", "m4a"] {
            let output = scratch.file("out.\(container)")
            let object = try result([input.path, "-o", output.path, "--factor", "2"])
            #expect((object["kept"] as? [String])?.contains("cover picture") == true, "\(container): \(object)")
            let picture = scratch.file("picture-\(container).jpg")
            // The cover is the output's attached picture: after the movie's video, if there is one.
            try Tool.ffmpeg(["-i", output.path, "-map", "0:v:\(container == "m4a" ? 0 : 1)", "-c", "copy", "-f", "image2", picture.path])
            #expect(try Data(contentsOf: picture) == Data(contentsOf: cover), "\(container)")
            if container != "m4a" { #expect(object["frames"] as? Int == 120 && object["sourceDuration"] as? Double == 2) }
        }
        let quickTime = try result([input.path, "-o", scratch.file("out.mov").path, "--factor", "2"])
        #expect((quickTime["dropped"] as? [String])?.contains("cover picture (.mov holds none)") == true, "\(quickTime)")
    }

    @Test func fontsAreCopiedIntoMatroskaAndNamedAsDroppedElsewhere() throws {
        let input = try movie(
            "fonts.mkv",
            extra: ["-c:v", "libx264", "-c:a", "flac", "-attach", font.path, "-metadata:s:t", "mimetype=font/ttf",
                    "-metadata:s:t", "filename=font.ttf"])
        let output = scratch.file("out.mkv")
        let object = try result([input.path, "-o", output.path, "--factor", "2"])
        #expect((object["kept"] as? [String])?.contains("1 attachment") == true, "\(object)")
        let dump = scratch.file("dump")
        try FileManager.default.createDirectory(at: dump, withIntermediateDirectories: true)
        _ = try Tool.run("ffmpeg", ["-v", "quiet", "-dump_attachment:t", "", "-i", output.path, "-f", "null", "-"], in: dump)
        #expect(try Data(contentsOf: dump.appendingPathComponent("font.ttf")) == Data(contentsOf: font))
        let elsewhere = try result([input.path, "-o", scratch.file("out.mp4").path, "--factor", "2"])
        #expect((elsewhere["dropped"] as? [String])?.contains("1 attachment (.mp4 holds none)") == true, "\(elsewhere)")
    }

    /// 10:00:00:12 at 25 fps is 36000.48 s; at 30 fps the nearest frame is
    /// 14 (14.4); from --start 1, 36001.48 s.
    @Test(arguments: [("mov", [String](), "10:00:00:14"), ("mkv", [String](), "10:00:00:14"), ("mov", ["--start", "1"], "10:00:01:14")])
    func theTimecodeIsCountedAtTheOutputsRate(container: String, arguments: [String], expected: String) throws {
        let input = try movie("timed.mov", extra: ["-c:v", "libx264", "-c:a", "pcm_s16le"])
        let output = scratch.file("out-\(arguments.count).\(container)")
        let object = try result([input.path, "-o", output.path, "--factor", "2", "--fps", "30"] + arguments)
        let read = try Tool.run(
            "ffprobe", ["-v", "error", "-show_entries", "stream_tags=timecode:format_tags=timecode", "-of", "default=nw=1:nk=1", output.path]
        ).text.split(separator: "\n").map(String.init)
        #expect(read.contains(expected), "\(read)")
        #expect((object["changed"] as? [String])?.contains("timecode 10:00:00:12 written as \(expected) (at 30 fps)") == true, "\(object)")
        // The tmcd track is the timecode, not a data stream left out.
        #expect(!((object["dropped"] as? [String]) ?? []).contains { $0.contains("data stream") })
    }
}
