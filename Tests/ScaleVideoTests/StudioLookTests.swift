import Foundation
import TestSupport
import Testing

/// The page's looks before rendering (SPEC §15): the short preview around
/// the cursor is the command line's `--preview`, and a file the browser
/// cannot play (its player fails, or shows no picture) plays as a small
/// copy the server makes: H.264 and AAC at 360 lines, or AAC alone.
@Suite(.tags(.endToEnd))
struct StudioLookTests {
    /// The MD5 of each packet of a file's streams, as ffmpeg reads them.
    static func packetHashes(_ file: URL) throws -> String {
        String(decoding: try Tool.ffmpeg(["-i", file.path, "-map", "0", "-c", "copy", "-f", "framemd5", "-"]), as: UTF8.self)
    }

    @Test func thePreviewIsTheCommandLines() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = try Media.make(folder.appendingPathComponent("clip.mov"), seconds: 2, audio: nil)
        let options = #"{"file":"clip.mov","factor":2.5,"fps":"25","motion":"blend","container":"mp4"}"#
        let studio = try StudioServer(folder: folder)
        let preview = try studio.ask("/api/preview?at=1.7", method: "POST", json: options)
        #expect(preview.status == 200 && preview.headers.lowercased().contains("content-type: video/mp4"), "\(preview.text)")
        let page = scratch.file("page.mp4")
        try preview.body.write(to: page)
        let line = scratch.file("line.mp4")
        let command = try Tool.scale(
            [source.path, "--factor", "2.5", "--fps", "25", "--motion", "blend", "--preview", line.path, "--preview-at", "1.7", "--dry-run"])
        #expect(command.status == 0, "\(command.stderr)")
        let hashes = try [page, line].map(Self.packetHashes)
        #expect(hashes[0] == hashes[1] && hashes[0].split(separator: "\n").count > 75, "the page's preview and the command line's differ")
        let late = try studio.ask("/api/preview?at=5", method: "POST", json: options)
        #expect(late.status == 422 && late.message == "clip.mov: --preview-at 5 s: the output ends at 5.000 s", "\(late.text)")
        let bad = try studio.ask("/api/preview?at=soon", method: "POST", json: options)
        #expect(bad.status == 400 && bad.message == "at must be a time in seconds, e.g. at=2.5", "\(bad.text)")
        #expect(try Tool.files(in: folder) == ["clip.mov", "scaled"])
        #expect(studio.stop() == 130)
    }

    @Test func aFileTheBrowserCannotPlayPlaysAsASmallCopy() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        let own = scratch.file("tmp")
        for made in [folder, folder.appendingPathComponent("scaled"), own] {
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        }
        let prores = try Fixtures.make(
            folder.appendingPathComponent("edit.mov"),
            ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=800x480:r=25:d=2", "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 2),
                     "-c:v", "prores_ks", "-c:a", "pcm_s24le"])
        try FileManager.default.copyItem(at: prores, to: folder.appendingPathComponent("scaled/result.mov"))
        try Fixtures.make(folder.appendingPathComponent("song.aiff"), ffmpeg: ["-f", "lavfi", "-i", Media.tone(rate: 44100, seconds: 1)])
        let studio = try StudioServer(folder: folder, environment: ["TMPDIR": own.path])
        for (path, type, streams) in [
            ("/media/edit.mov/playable", "video/mp4", ["h264,video,600,360,", "aac,audio"]),
            ("/results/result.mov/playable", "video/mp4", ["h264,video,600,360,", "aac,audio"]),
            ("/media/song.aiff/playable", "audio/mp4", ["aac,audio"]),
        ] {
            let copy = try studio.ask(path)
            #expect(copy.status == 200 && copy.headers.lowercased().contains("content-type: \(type)"), "\(path): \(copy.status) \(copy.text.prefix(200))")
            let file = scratch.file("copy")
            try copy.body.write(to: file)
            let facts = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,codec_type,width,height,nb_frames",
                                                 "-of", "csv=p=0", file.path]).text
            let lines = facts.split(separator: "\n").map(String.init)
            #expect(lines.count == streams.count && zip(lines, streams).allSatisfy { $0.hasPrefix($1) }, "\(path): \(facts)")
        }
        let part = try studio.ask("/media/edit.mov/playable", headers: ["Range: bytes=0-99"])
        #expect(part.status == 206 && part.body.count == 100, "\(part.status)")
        #expect(try studio.ask("/media/missing.mov/playable").status == 404)
        #expect(try studio.ask("/media/..%2Fmedia%2Fedit.mov/playable").status == 400)
        #expect(try Tool.files(in: folder) == ["edit.mov", "scaled", "song.aiff"])
        #expect(studio.stop() == 130)
        #expect(try Tool.files(in: own).isEmpty, "the studio's own folder, with its copies, is removed when it ends")
    }
}
