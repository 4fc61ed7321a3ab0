import Foundation
import TestSupport
import Testing

/// SPEC §15: a render from the page is the command line's (same frames and
/// samples for the same options), a second render of the same output is
/// refused with a 409, a cancelled render leaves nothing behind, and the
/// list of renders survives the server's restart.
@Suite(.serialized, .tags(.endToEnd))
struct StudioRenderTests {
    @Test func aRenderIsTheCommandLinesAndTheListOutlivesTheServer() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = try Media.make(folder.appendingPathComponent("clip.mov"), seconds: 2, audio: ("pcm_s16le", 48000))
        let options = #"{"file":"clip.mov","factor":1.5,"fps":"25","motion":"blend","container":"mkv"}"#
        var studio = try StudioServer(folder: folder)
        let asked = try studio.ask("/api/renders", method: "POST", json: options)
        #expect(asked.status == 202)
        let id = try #require((asked.json as? [String: Any])?["id"] as? String)
        // Refused while it runs, or once it is written, whichever comes first.
        let again = try studio.ask("/api/renders", method: "POST", json: options)
        #expect(again.status == 409 && again.message?.contains("clip-scaled.mkv") == true, "\(again.text)")
        let ended = try studio.waitForRender(id)
        #expect(ended["state"] as? String == "done", "\(ended)")
        #expect((ended["result"] as? [String: Any])?["frames"] as? Int == 75)
        let page = folder.appendingPathComponent("scaled/clip-scaled.mkv")
        let line = scratch.file("line.mkv")
        let command = try Tool.scale([source.path, "-o", line.path, "--factor", "1.5", "--fps", "25", "--motion", "blend"])
        #expect(command.status == 0, "\(command.stderr)")
        #expect(try Self.decoded(page) == (try Self.decoded(line)), "the page's render and the command line's differ")
        let exists = try studio.ask("/api/renders", method: "POST", json: options)
        #expect(exists.status == 409 && exists.message == "clip.mov: scaled/clip-scaled.mkv already exists (use --overwrite to replace it)", "\(exists.text)")
        let plan = try studio.ask("/api/plan", method: "POST", json: options.replacingOccurrences(of: "1.5", with: "3"))
        #expect(plan.status == 200 && (plan.json as? [String: Any])?["frames"] as? Int == 150, "the plan is made whether the output is there or not")
        #expect(studio.stop() == 130)

        studio = try StudioServer(folder: folder)
        let listed = try #require(try studio.ask("/api/renders").json as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == [id] && listed.first?["state"] as? String == "done")
        let played = try studio.ask("/results/clip-scaled.mkv", headers: ["Range: bytes=0-3"])
        #expect(played.status == 206 && played.body == Data([0x1A, 0x45, 0xDF, 0xA3]))
        #expect(studio.stop() == 130)
    }

    /// The still at the cursor is the command line's `--still` for the same
    /// options, byte for byte; a time that is not one, or past the output's
    /// end, is refused with the reason, and the studio keeps nothing of it.
    @Test func theStillIsTheCommandLines() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = try Media.make(folder.appendingPathComponent("clip.mov"), seconds: 2, audio: nil)
        let options = #"{"file":"clip.mov","factor":2.5,"fps":"25","motion":"blend","container":"mp4"}"#
        let studio = try StudioServer(folder: folder)
        let still = try studio.ask("/api/still?at=1.7", method: "POST", json: options)
        #expect(still.status == 200 && still.headers.lowercased().contains("content-type: image/png"), "\(still.text)")
        let line = scratch.file("line.png")
        let command = try Tool.scale(
            [source.path, "--factor", "2.5", "--fps", "25", "--motion", "blend", "--still", line.path, "--still-at", "1.7", "--dry-run"])
        #expect(command.status == 0, "\(command.stderr)")
        #expect(still.body == (try Data(contentsOf: line)), "the page's still and the command line's differ")
        let late = try studio.ask("/api/still?at=5", method: "POST", json: options)
        #expect(late.status == 422 && late.message == "clip.mov: --still-at 5 s: the output ends at 5.000 s", "\(late.text)")
        for at in ["", "-1", "1e3", "abc"] {
            let bad = try studio.ask("/api/still?at=\(at)", method: "POST", json: options)
            #expect(bad.status == 400 && bad.message == "at must be a time in seconds, e.g. at=2.5", "\(at): \(bad.text)")
        }
        #expect(try Tool.files(in: folder) == ["clip.mov", "scaled"])
        #expect(try Tool.files(in: folder.appendingPathComponent("scaled")).isEmpty)
        let temporary = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
        #expect(!temporary.contains { $0.hasPrefix("scale-video-look-") }, "\(temporary)")
        #expect(studio.stop() == 130)
    }

    @Test func aCancelledRenderLeavesNothingAndTheServerEndsRenders() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Media.make(folder.appendingPathComponent("clip.mp4"), seconds: 2, audio: ("aac", 48000))
        let studio = try StudioServer(folder: folder)
        let long = #"{"file":"clip.mp4","duration":600,"fps":"30","motion":"blend","container":"mov"}"#
        let first = try #require((try studio.ask("/api/renders", method: "POST", json: long).json as? [String: Any])?["id"] as? String)
        Wait.until(seconds: 60) { ((try? studio.ask("/api/renders/\(first)"))?.json as? [String: Any])?["state"] as? String == "running" }
        // Its latest frame, a PNG of the output's size (the source's 128x64).
        var picture: Data?
        #expect(Wait.until(seconds: 60) {
            let reply = try? studio.ask("/api/renders/\(first)/picture")
            picture = reply?.status == 200 ? reply?.body : nil
            return picture != nil
        })
        let png = try #require(picture)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(png.count > 24 && png[png.startIndex + 16..<png.startIndex + 24] == Data([0, 0, 0, 128, 0, 0, 0, 64]))
        #expect(try studio.ask("/api/renders/\(first)/cancel", method: "POST").status == 200)
        let ended = try studio.waitForRender(first, seconds: 60)
        #expect(ended["state"] as? String == "cancelled", "\(ended)")
        let after = try studio.ask("/api/renders/\(first)/picture")
        #expect(after.status == 404 && after.message?.contains("shows no picture") == true, "\(after.text)")
        #expect(try Tool.files(in: folder.appendingPathComponent("scaled")).filter { !$0.hasPrefix(".studio-jobs") }.isEmpty)
        let second = try #require((try studio.ask("/api/renders", method: "POST", json: long).json as? [String: Any])?["id"] as? String)
        Wait.until(seconds: 60) { ((try? studio.ask("/api/renders/\(second)"))?.json as? [String: Any])?["state"] as? String == "running" }
        #expect(studio.stop() == 130)
        #expect(try Tool.files(in: folder.appendingPathComponent("scaled")) == [".studio-jobs.json"])
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("scaled/.studio-jobs.json"))) as? [[String: Any]]
        #expect(kept?.map { $0["state"] as? String } == ["cancelled", "cancelled"])
    }

    /// Every video frame and audio sample, decoded, as ffmpeg's framemd5 lists them.
    static func decoded(_ file: URL) throws -> [String] {
        let data = try Tool.ffmpeg(["-i", file.path, "-map", "0:v", "-map", "0:a", "-f", "framemd5", "-"])
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }
}
