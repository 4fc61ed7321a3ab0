import Foundation
import TestSupport
import Testing

/// SPEC §12: the picture keeps how it is shown. Phones store pixels turned
/// and mark how to show them (a display matrix); the MP4 family keeps the
/// mark, Matroska and WebM get the pixels turned, so every output shows the
/// picture the source showed. Each source here is made by storing a known
/// picture turned the other way and marking it, so what it shows is known
/// without reading the mark the way the tool does.
@Suite(.serialized, .tags(.endToEnd))
struct OrientationTests {
    let scratch: Scratch

    init() throws {
        scratch = try Scratch()
    }

    /// A display matrix, the filter that stores the shown picture so that
    /// the matrix shows it again, and the report's words for it.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// a, b, c, d of the matrix, in whole units (16.16 fixed point in the file).
        let abcd: (Int32, Int32, Int32, Int32)
        let stored: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "rotation 90° counter-clockwise", abcd: (0, -1, 1, 0), stored: "transpose=clock"),
        Case(name: "rotation 90° clockwise", abcd: (0, 1, -1, 0), stored: "transpose=cclock"),
        Case(name: "rotation 180°", abcd: (-1, 0, 0, -1), stored: "hflip,vflip"),
        Case(name: "mirrored", abcd: (-1, 0, 0, 1), stored: "hflip"),
        Case(name: "rotation 90° clockwise, mirrored", abcd: (0, 1, 1, 0), stored: "transpose=cclock_flip"),
    ]

    /// The picture every source shows: wider than tall, so a turn shows.
    static let shown = "testsrc2=s=160x96:r=30:d=1"

    /// An mp4 storing the shown picture through `filter`, its track header's
    /// matrix set to `abcd`.
    func source(_ test: Case) throws -> URL {
        let file = scratch.file("stored.mp4")
        try Fixtures.make(file, ffmpeg: ["-f", "lavfi", "-i", Self.shown, "-vf", test.stored, "-c:v", "libx264", "-crf", "12", "-pix_fmt", "yuv420p"])
        try DisplayMatrix.mark(file, abcd: test.abcd)
        return file
    }

    /// How closely the first frame of `file`, as decoded without turning,
    /// matches the shown picture (luma PSNR, dB; a picture of other sides
    /// is stretched to the shown one's first).
    func likeness(_ file: URL) throws -> Double {
        let result = try Tool.run(
            "ffmpeg",
            ["-v", "info", "-nostdin", "-noautorotate", "-i", file.path, "-f", "lavfi", "-i", Self.shown,
             "-filter_complex", "[0:v]trim=end_frame=1,scale=160:96,format=yuv420p[a];[1:v]trim=end_frame=1,format=yuv420p[b];[a][b]psnr",
             "-f", "null", "-"])
        let line = result.stderr.split(separator: "\n").first { $0.contains("PSNR y:") } ?? ""
        let value = line.split(separator: " ").first { $0.hasPrefix("y:") }.flatMap { Double($0.dropFirst(2)) }
        return try #require(value, "no PSNR in \(result.stderr)")
    }

    @Test(arguments: cases)
    func matroskaShowsWhatTheSourceShowed(_ test: Case) throws {
        let input = try source(test)
        #expect(try likeness(input) < 20, "the stored pixels should not be the shown picture")
        for container in ["mkv", "webm"] {
            let output = scratch.file("out.\(container)")
            let run = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--json", "--quiet", "--overwrite"])
            try #require(run.status == 0, "\(run.stderr)")
            #expect(try likeness(output) > 30, "\(container): the output should show the shown picture")
            let result = try #require(try JSONResults(run.stdout).objects.first)
            let changed = result["changed"] as? [String] ?? []
            #expect(changed.contains("\(test.name) applied to the picture (Matroska cannot mark it)"), "\(result)")
            #expect(try Tool.probe(output, stream: "v:0", "width") == "160")
        }
    }

    @Test(arguments: cases)
    func theMP4FamilyKeepsTheMark(_ test: Case) throws {
        let input = try source(test)
        for container in ["mov", "mp4"] {
            let output = scratch.file("out.\(container)")
            let run = try Tool.scale([input.path, "-o", output.path, "--factor", "2", "--json", "--quiet", "--overwrite"])
            try #require(run.status == 0, "\(run.stderr)")
            let result = try #require(try JSONResults(run.stdout).objects.first)
            #expect((result["kept"] as? [String] ?? []).contains(test.name), "\(result)")
            let matrix = { (file: URL) in try Tool.probe(file, stream: "v:0", "index:stream_side_data=displaymatrix") }
            #expect(try matrix(output) == matrix(input))
            #expect(try likeness(output) < 20, "the pixels stay as stored")
        }
    }

    /// The still (`--still`) is the picture as a player shows it (SPEC §15,
    /// true to what is on screen): turned where the output keeps the mark
    /// (.mov) as where the pixels are turned (.mkv), the shown picture's
    /// sides; and so is a source whose pixels are twice as wide as tall.
    @Test(arguments: cases + [Case(name: "pixels twice as wide", abcd: (1, 0, 0, 1), stored: "scale=80:96,setsar=2")])
    func theStillIsThePictureAsShown(_ test: Case) throws {
        let input = try source(test)
        for container in ["mov", "mkv"] {
            let still = scratch.file("still-\(container).png")
            let run = try Tool.scale(
                [input.path, "-o", scratch.file("out.\(container)").path, "--factor", "2", "--still", still.path, "--still-at", "0",
                 "--dry-run", "--quiet", "--overwrite"])
            try #require(run.status == 0, "\(run.stderr)")
            #expect(try Tool.probe(still, stream: "v:0", "width") == "160" && Tool.probe(still, stream: "v:0", "height") == "96")
            #expect(try likeness(still) > 28, "\(container): the still should show the shown picture")
        }
    }

    /// The latest picture of a render (`--progress-picture`) is shown as
    /// the player shows the output: turned by the mark the .mov keeps.
    @Test func theLatestPictureIsTurnedAsShown() throws {
        let input = try source(Self.cases[1])
        let live = scratch.file("live.png")
        let render = try RunningProcess(
            Tool.scaleVideo.path,
            [input.path, "-o", scratch.file("live.mov").path, "--factor", "100", "--progress-picture", live.path, "--quiet", "--overwrite"])
        let seen = scratch.file("seen.png")
        let caught = Wait.until(seconds: 120) {
            (try? FileManager.default.copyItem(at: live, to: seen)) != nil || !render.process.isRunning
        }
        render.interrupt()
        _ = render.wait(timeout: 120)
        try #require(caught && FileManager.default.fileExists(atPath: seen.path), "no latest picture was seen")
        #expect(try Tool.probe(seen, stream: "v:0", "width") == "160" && Tool.probe(seen, stream: "v:0", "height") == "96")
        #expect(try likeness(seen) > 28)
    }
}
