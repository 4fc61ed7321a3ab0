import Foundation
import TestSupport
import Testing

/// `--shorter-side N`: a picture whose shorter side, as it is shown, is
/// longer than N pixels is scaled down to N on that side, its shape kept
/// (then rounded down to even, as every size is); a smaller one is left
/// as it is. Judged by ffprobe's sizes of the written files.
@Suite(.tags(.endToEnd))
struct PictureSizeTests {
    /// WIDTHxHEIGHT of the file's picture as stored.
    static func size(_ file: URL) throws -> String {
        let text = try Tool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "json",
                                            file.path]).text
        let stream = try #require(((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["streams"] as? [[String: Any]])?.first)
        return "\(stream["width"] ?? "?")x\(stream["height"] ?? "?")"
    }

    @Test func aLargerPictureIsScaledDownItsShapeKept() throws {
        let scratch = try Scratch()
        try Fixtures.make(scratch.file("in.mov"), ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=800x480:r=25:d=1", "-c:v", "libx264"])
        let scaled = try Tool.scale(["in.mov", "-o", "small.mp4", "--factor", "2", "--shorter-side", "240"], in: scratch.url)
        #expect(scaled.status == 0, "\(scaled.stderr)")
        #expect(try Self.size(scratch.file("small.mp4")) == "400x240")
        #expect(scaled.stderr.contains("changed size 800x480 scaled down to 400x240"), "\(scaled.stderr)")
        // 800 · 300 / 480 = 500; 800 · 250 / 480 = 416.7, written 417 rounded down to even.
        for (side, expected) in [("300", "500x300"), ("250", "416x250"), ("480", "800x480"), ("1000", "800x480")] {
            let result = try Tool.scale(["in.mov", "-o", "out.mp4", "--factor", "1", "--shorter-side", side, "--overwrite"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Self.size(scratch.file("out.mp4")) == expected, "--shorter-side \(side)")
            #expect(result.stderr.contains("scaled down") == (expected != "800x480"), "\(result.stderr)")
        }
    }

    /// A phone's picture stored 640x360 and shown turned a quarter (360x640):
    /// its shorter side as shown is 360. Matroska gets the pixels turned
    /// (180x320), the MP4 keeps the mark over the stored sides (320x180).
    @Test func aTurnedPictureIsScaledOnItsShorterSideAsShown() throws {
        let scratch = try Scratch()
        let phone = try Fixtures.make(scratch.file("phone.mp4"), ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=640x360:r=30:d=1", "-c:v", "libx264"])
        try DisplayMatrix.mark(phone, abcd: (0, 1, -1, 0))
        for (name, expected) in [("out.mkv", "180x320"), ("out.mp4", "320x180")] {
            let result = try Tool.scale(["phone.mp4", "-o", name, "--factor", "1", "--shorter-side", "180"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Self.size(scratch.file(name)) == expected, "\(name)")
            #expect(result.stderr.contains("scaled down to \(expected)"), "\(result.stderr)")
        }
        let mark = try Tool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream_side_data=rotation", "-of", "csv=p=0",
                                            scratch.file("out.mp4").path]).text
        #expect(mark.contains("90"), "\(mark)")
    }

    @Test func aSideBelowSixtyFourIsBadUsage() throws {
        let scratch = try Scratch()
        let result = try Tool.scale(["in.mov", "--factor", "2", "--shorter-side", "32"], in: scratch.url)
        #expect(result.status == 64 && result.stderr.contains("--shorter-side must be at least 64."), "\(result.stderr)")
    }
}
