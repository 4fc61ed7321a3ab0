import Foundation
import TestSupport
import Testing

/// `--preview FILE.mp4 --preview-at T` (SPEC §15's short preview): the
/// output's 3 s around T, each frame the picture the whole render makes
/// there. Judged by decoding both losslessly made files with ffmpeg: the
/// preview's pictures are the whole render's, frame for frame, over the
/// frames the rule in `--help` names.
@Suite(.tags(.endToEnd))
struct PreviewTests {
    /// The output frames a preview at `time` shows, from `--help`'s rule:
    /// ⌈3 · fps⌉ frames centred on ⌊time · fps⌋, moved within the output's `count`.
    static func window(time: Double, fps: Int, count: Int) -> Range<Int> {
        let length = min(3 * fps, count)
        let centre = Int((time * Double(fps) + 1e-9).rounded(.down))
        let first = min(max(centre - length / 2, 0), count - length)
        return first..<first + length
    }

    /// The MD5 of each decoded picture of a file's video, in order.
    static func pictureHashes(_ file: URL) throws -> [String] {
        let text = String(decoding: try Tool.ffmpeg(["-i", file.path, "-map", "0:v:0", "-fps_mode", "passthrough", "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// For nearest, blend (slow and fast), flow, a map with a freeze and a
    /// backwards run, a smooth curve and reverse, early, in the middle and
    /// at the end: the preview's pictures are the whole render's.
    @Test(arguments: [
        ["--factor", "2"], ["--factor", "2.5", "--motion", "blend"], ["--factor", "0.4", "--motion", "blend"],
        ["--factor", "2", "--motion", "flow"], ["--time-map", "0=0,2=4,2=5,1=6,4=9"],
        ["--time-map", "0=0,1=3,3=5,4=9", "--curve", "smooth"], ["--reverse", "--factor", "1.5"],
    ])
    func thePreviewShowsTheWholeRendersPictures(options: [String]) throws {
        let scratch = try Scratch()
        try Fixtures.make(
            scratch.file("in.mov"),
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedMotion(rate: 30, seconds: 4), "-c:v", "libx264", "-crf", "16", "-g", "15"])
        let lossless = ["--crf", "0", "--no-audio"] + options
        let whole = try Tool.scale(["in.mov", "-o", "whole.mp4", "--quiet"] + lossless, in: scratch.url)
        #expect(whole.status == 0, "\(whole.stderr)")
        let rendered = try Self.pictureHashes(scratch.file("whole.mp4"))
        try #require(rendered.count > 30)
        // Early, in the middle and on the last frame (the ×0.4 output's 48 frames are all previewed).
        for time in [0.4, Double(rendered.count) / 60, Double(rendered.count - 1) / 30] {
            let text = String(printf: "%g", time)
            let preview = try Tool.scale(
                ["in.mov", "--preview", "p.mp4", "--preview-at", text, "--dry-run", "--overwrite"] + lossless, in: scratch.url)
            #expect(preview.status == 0, "\(preview.stderr)")
            let frames = Self.window(time: time, fps: 30, count: rendered.count)
            let previewed = try Self.pictureHashes(scratch.file("p.mp4"))
            #expect(previewed == Array(rendered[frames]), "\(options) at \(text) s: frames \(frames)")
        }
    }

    /// A picture larger than the preview's is scaled down to 360 lines on
    /// its shorter side, its shape kept; the file is H.264 in 8-bit 4:2:0
    /// without sound, 3 s at the output's rate, and it is all a dry run writes.
    @Test func aLargePictureIsScaledDownAndNothingElseIsWritten() throws {
        let scratch = try Scratch()
        try Fixtures.make(
            scratch.file("in.mov"),
            ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=800x480:r=25:d=4", "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 4),
                     "-c:v", "libx264", "-pix_fmt", "yuv444p", "-c:a", "pcm_s16le"])
        let result = try Tool.scale(
            ["in.mov", "--factor", "2", "--fps", "30", "--preview", "look.mp4", "--preview-at", "5", "--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("only the 3 s around 5 s previewed in look.mp4"), "\(result.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "look.mp4"])
        let look = scratch.file("look.mp4")
        let facts = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name,width,height,pix_fmt,nb_frames",
                                             "-of", "csv=p=0", look.path]).text
        #expect(facts.trimmingCharacters(in: .whitespacesAndNewlines) == "h264,video,600,360,yuv420p,90", "\(facts)")
    }

    /// A preview needs a dry run, an MP4 name and a time within the output;
    /// refused otherwise, naming why, with nothing left behind.
    @Test func aPreviewTheOutputCannotShowIsRefused() throws {
        let scratch = try Scratch()
        try Media.make(scratch.file("in.mov"), seconds: 1)
        let render = try Tool.scale(["in.mov", "--factor", "2", "--preview", "p.mp4"], in: scratch.url)
        #expect(render.status == 64 && render.stderr.contains("--preview is made by a dry run: give --dry-run"), "\(render.stderr)")
        let late = try Tool.scale(["in.mov", "--factor", "2", "--preview", "p.mp4", "--preview-at", "2", "--dry-run"], in: scratch.url)
        #expect(late.status == 1 && late.stderr.contains("--preview-at 2 s: the output ends at 2.000 s"), "\(late.stderr)")
        let sound = try Tool.scale(["in.mov", "--factor", "2", "--no-video", "--preview", "p.mp4", "--dry-run"], in: scratch.url)
        #expect(sound.status == 64 && sound.stderr.contains("--no-video writes no picture for --preview"), "\(sound.stderr)")
        let mov = try Tool.scale(["in.mov", "--factor", "2", "--preview", "p.mov", "--dry-run"], in: scratch.url)
        #expect(mov.status == 64 && mov.stderr.contains("--preview p.mov: use a .mp4 name."), "\(mov.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
    }
}
