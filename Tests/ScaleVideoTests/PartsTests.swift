import Foundation
import TestSupport
import Testing

/// One film over many machines (SPEC §16): a source whose frames carry
/// their index, rendered whole and in parts (`--part k/n`) that `join`
/// makes into one file. The joined file's pictures (lossless H.264) and
/// sound (PCM) are the whole render's, frame for frame and sample for
/// sample, as ffmpeg decodes them; a set of parts that is not every part of
/// one render once is refused, naming the part.
@Suite(.tags(.endToEnd))
struct PartsTests {
    /// The MD5 of each decoded frame of `stream` (`v` or `a`) of `file`, in order.
    static func hashes(_ file: URL, _ stream: String) throws -> [String] {
        let text = String(
            decoding: try Tool.ffmpeg(["-i", file.path, "-map", "0:\(stream):0", "-fps_mode", "passthrough", "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: ",").last.map(String.init) }
    }

    /// A 4 s source at 30 fps, its frames indexed over a moving picture, with a PCM tone.
    static func source(in scratch: Scratch) throws -> URL {
        try Fixtures.make(
            scratch.file("in.mov"),
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedMotion(rate: 30, seconds: 4), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 4),
                     "-c:v", "libx264", "-crf", "16", "-g", "20", "-c:a", "pcm_s16le"])
    }

    /// Renders `options` in `count` parts for `output` and joins them.
    static func renderInParts(_ options: [String], count: Int, output: String, in scratch: Scratch) throws -> [String] {
        var parts: [String] = []
        for k in (1...count).reversed() {
            let part = try Tool.scale(["in.mov", "-o", output, "--part", "\(k)/\(count)", "--quiet"] + options, in: scratch.url)
            #expect(part.status == 0, "part \(k)/\(count): \(part.stderr)")
            parts.append((output as NSString).deletingPathExtension + ".part-\(k)-of-\(count).mkv")
        }
        return parts
    }

    /// Each mode rendered whole once, then in 2, 3 and 7 parts joined.
    @Test(arguments: [
        ["--factor", "2"], ["--factor", "2.5", "--motion", "blend"], ["--factor", "0.4", "--motion", "blend"],
        ["--factor", "2", "--motion", "flow"], ["--time-map", "0=0,1=2,1=3,0.5=4,3=6"],
        ["--time-map", "0=0,1=3,3=5", "--curve", "smooth"], ["--reverse", "--factor", "1.5", "--motion", "blend"],
    ])
    func theJoinedPartsAreTheWholeRender(options: [String]) throws {
        let scratch = try Scratch()
        try Self.source(in: scratch)
        let lossless = options + ["--crf", "0"]
        let whole = try Tool.scale(["in.mov", "-o", "whole.mov", "--quiet"] + lossless, in: scratch.url)
        #expect(whole.status == 0, "\(whole.stderr)")
        let wholeFile = scratch.file("whole.mov")
        let (pictures, sound) = (try Self.hashes(wholeFile, "v"), try Self.hashes(wholeFile, "a"))
        #expect(pictures.count > 40 && !sound.isEmpty)
        var kept = ["in.mov", "whole.mov"]
        for count in [2, 3, 7] {
            let film = "film-\(count).mov"
            let parts = try Self.renderInParts(lossless, count: count, output: film, in: scratch)
            let join = try Tool.scale(["join"] + parts + ["-o", film, "--quiet"], in: scratch.url)
            #expect(join.status == 0, "\(join.stderr)")
            let joined = scratch.file(film)
            let joinedPictures = try Self.hashes(joined, "v")
            #expect(joinedPictures == pictures, "\(options) in \(count): \(pictures.count) and \(joinedPictures.count) frames")
            #expect(try Self.hashes(joined, "a") == sound, "\(options) in \(count): the sound differs")
            kept += [film] + parts
        }
        #expect(try Tool.files(in: scratch.url).sorted() == kept.sorted(), "the parts are kept")
    }

    /// A part's manifest keeps the whole render's request (SPEC §16), as
    /// JSON: the source as given, a map read from a file as its knots, every
    /// option that decides the plan; not where the part is written, nor
    /// what only reports.
    @Test func aPartsManifestKeepsTheWholeRendersRequest() throws {
        let scratch = try Scratch()
        try Self.source(in: scratch)
        try "# a ramp\n0 0\n2=3  # slow\n\n4 5\n".write(to: scratch.file("ramp.txt"), atomically: true, encoding: .utf8)
        let part = try Tool.scale(
            ["in.mov", "-o", "film.mp4", "--part", "1/2", "--time-map", "@ramp.txt", "--motion", "blend", "--crf=18", "--fps", "24",
             "--json", "--progress", "json"], in: scratch.url)
        #expect(part.status == 0, "\(part.stderr)")
        let tag = try Tool.run(
            "ffprobe", ["-v", "error", "-show_entries", "format_tags=SCALE_VIDEO_PART", "-of", "default=nw=1:nk=1",
                        scratch.file("film.part-1-of-2.mkv").path])
        let manifest = try JSONSerialization.jsonObject(with: tag.stdout) as? [String: Any]
        let request = try #require(manifest?["request"] as? [String: Any], "\(tag.text)")
        #expect(request["input"] as? String == "in.mov" && request["output"] as? String == "")
        #expect(request["target"] as? [String: String] == ["timeMap": "0=0,2=3,4=5"])
        #expect(request["motion"] as? String == "blend" && request["crf"] as? Int == 18 && request["fps"] as? String == "24")
        #expect(request["part"] == nil && request["overwrite"] as? Bool == false && request["progressPicture"] == nil)
        #expect(manifest?["part"] as? Int == 1 && manifest?["parts"] as? Int == 2)
    }

    /// AAC in MP4: the joined file's sound is the whole render's, packet
    /// for packet (the same samples encoded alike), and its count exact.
    @Test func anMP4sSoundIsTheWholeRenders() throws {
        let scratch = try Scratch()
        try Self.source(in: scratch)
        let whole = try Tool.scale(["in.mov", "-o", "whole.mp4", "--factor", "2", "--quiet"], in: scratch.url)
        #expect(whole.status == 0, "\(whole.stderr)")
        let parts = try Self.renderInParts(["--factor", "2"], count: 3, output: "film.mp4", in: scratch)
        let join = try Tool.scale(["join"] + parts + ["-o", "film.mp4", "--json", "--quiet"], in: scratch.url)
        #expect(join.status == 0, "\(join.stderr)")
        #expect(join.text.contains(#""frames":240"#) && join.text.contains(#""measuredSamples":384000"#), "\(join.text)")
        let packets = try ["whole.mp4", "film.mp4"].map {
            String(decoding: try Tool.ffmpeg(["-i", scratch.file($0).path, "-map", "0:a", "-c", "copy", "-f", "framemd5", "-"]), as: UTF8.self)
        }
        #expect(packets[0] == packets[1], "the joined file's AAC differs from the whole render's")
    }

    /// A part missing, given twice, repeated from another run, of a render
    /// with other options, of another source or of another release, or
    /// joined into another container, and a file that is no part: each
    /// refused (1), naming it,
    /// with nothing written; a part asked for with a side file or to
    /// standard output is bad usage (64).
    @Test func aSetThatIsNotEveryPartOfOneRenderOnceIsRefused() throws {
        let scratch = try Scratch()
        try Self.source(in: scratch)
        let parts = try Self.renderInParts(["--factor", "2"], count: 3, output: "film.mov", in: scratch)
        try FileManager.default.createDirectory(at: scratch.file("other"), withIntermediateDirectories: false)
        let other = try Tool.scale(["in.mov", "-o", "other/film.mov", "--factor", "3", "--part", "2/3", "--quiet"], in: scratch.url)
        #expect(other.status == 0, "\(other.stderr)")
        try FileManager.default.copyItem(at: scratch.file("in.mov"), to: scratch.file("moved.mov"))
        // A part as a release that kept the command line's words would have written it.
        let older = #"{"digest":"1f","part":2,"parts":3,"first":40,"end":80,"frames":120,"input":"in.mov","arguments":["--factor","2"]}"#
        try Tool.ffmpeg([
            "-i", scratch.file(parts[1]).path, "-c", "copy", "-metadata", "SCALE_VIDEO_PART=" + older, scratch.file("older.mkv").path,
        ])
        let refusals: [([String], String)] = [
            ([parts[0], parts[2]], "part 2 of 3 is missing"),
            ([parts[0], parts[1], parts[2], parts[1]], "\(parts[1]) is given twice"),
            ([parts[0], "other/film.part-2-of-3.mkv", parts[2]], "other/film.part-2-of-3.mkv is a part of another render than \(parts[0])"),
            (parts + ["in.mov"], "in.mov is not a part of a render"),
            ([parts[0], "older.mkv", parts[2]], "older.mkv is a part of another release's render"),
        ]
        for (given, message) in refusals {
            let join = try Tool.scale(["join"] + given + ["-o", "film.mov"], in: scratch.url)
            #expect(join.status == 1 && join.stderr.contains(message), "\(given): \(join.stderr)")
        }
        let drawn = try Tool.scale(["in.mov", "-o", "film.mov", "--factor", "2", "--part", "1/3", "--waveform", "w.png"], in: scratch.url)
        #expect(drawn.status == 64 && drawn.stderr.contains("--part renders a part of the picture alone: leave out --waveform."), "\(drawn.stderr)")
        let piped = try Tool.scale(["in.mov", "-o", "-", "--factor", "2", "--part", "1/3"], in: scratch.url)
        #expect(piped.status == 64 && piped.stderr.contains("--part writes a file of its own: not -o -."), "\(piped.stderr)")
        let container = try Tool.scale(["join"] + parts + ["-o", "film.mkv"], in: scratch.url)
        #expect(container.status == 1 && container.stderr.contains("the parts are not of this render"), "\(container.stderr)")
        try Fixtures.make(
            scratch.file("another.mov"),
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedMotion(rate: 30, seconds: 4), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 4),
                     "-c:v", "libx264", "-crf", "30", "-g", "20", "-c:a", "pcm_s16le"])
        let source = try Tool.scale(["join"] + parts + ["-o", "film.mov", "--input", "another.mov"], in: scratch.url)
        #expect(source.status == 1 && source.stderr.contains("the parts are not of this render"), "\(source.stderr)")
        let moved = try Tool.scale(["join"] + parts + ["-o", "film.mov", "--input", "moved.mov", "--quiet"], in: scratch.url)
        #expect(moved.status == 0, "the source found where it moved: \(moved.stderr)")
        try FileManager.default.removeItem(at: scratch.file("film.mov"))
        #expect(!(try Tool.files(in: scratch.url)).contains { $0.hasPrefix("film.mov") || $0.hasPrefix(".film") })
    }

    /// A part stopped midway (Ctrl-C, as a requeued task is stopped)
    /// leaves nothing; run again it is made whole, and once made it is
    /// skipped (--skip-existing), so a task run again redoes only what is missing.
    @Test func aPartStoppedMidwayIsMadeAgainAndThenSkipped() throws {
        let scratch = try Scratch()
        try Self.source(in: scratch)
        let slow = ["in.mov", "-o", "film.mov", "--duration", "400", "--motion", "blend", "--part", "1/2", "--skip-existing"]
        let running = try RunningProcess(Tool.scaleVideo.path, slow, in: scratch.url)
        #expect(Wait.untilWriting("film.part-1-of-2.mkv", in: scratch.url))
        running.interrupt()
        #expect(running.wait().status == 130)
        #expect(try Tool.files(in: scratch.url) == ["in.mov"])
        let quick = ["in.mov", "-o", "film.mov", "--factor", "2", "--part", "1/2", "--skip-existing", "--json", "--quiet"]
        let made = try Tool.scale(quick, in: scratch.url)
        #expect(made.status == 0 && made.text.contains(#""status":"ok""#), "\(made.stderr)")
        let again = try Tool.scale(quick, in: scratch.url)
        #expect(again.status == 0 && again.text.contains(#""status":"skipped""#) && again.text.contains(#""frames":120"#), "\(again.text)")
    }
}
