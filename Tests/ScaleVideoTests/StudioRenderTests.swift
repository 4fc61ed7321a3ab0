import Foundation
import TestSupport
import Testing

/// SPEC §15: a render from the page is the command line's (same frames and
/// samples for the same options); rendering a file again goes to the next
/// free name unless it is to replace the output, which is refused while
/// that output is being rendered; each render is listed with when it was
/// asked for and when it ended; a cancelled render leaves nothing behind;
/// and the list of renders survives the server's restart.
@Suite(.serialized, .tags(.endToEnd))
struct StudioRenderTests {
    @Test func aRenderIsTheCommandLinesAndRendersRepeat() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = try Media.make(folder.appendingPathComponent("clip.mov"), seconds: 2, audio: ("pcm_s16le", 48000))
        let options = #"{"file":"clip.mov","factor":1.5,"fps":"25","motion":"blend","container":"mkv"}"#
        let replacing = { (options: String) in options.replacingOccurrences(of: "}", with: #","replace":true}"#) }
        var studio = try StudioServer(folder: folder)
        // A long render under way, and the same asked again: the next free name; replacing the one under way is refused.
        let long = options.replacingOccurrences(of: #""factor":1.5"#, with: #""duration":600"#)
        let running = try Self.submitted(studio, long)
        let queued = try Self.submitted(studio, long)
        #expect(running.output == "clip-scaled.mkv" && queued.output == "clip-scaled-2.mkv")
        let refused = try studio.ask("/api/renders", method: "POST", json: replacing(long))
        #expect(
            refused.status == 409 && refused.message?.hasPrefix("clip-scaled.mkv is already being rendered") == true, "\(refused.text)")
        for id in [queued.id, running.id] { #expect(try studio.ask("/api/renders/\(id)/cancel", method: "POST").status == 200) }
        #expect(try studio.waitForRender(running.id)["state"] as? String == "cancelled")

        // Names freed by the cancels are taken again; a render of a name that is there goes to the next free one.
        let first = try Self.submitted(studio, options)
        let second = try Self.submitted(studio, options.replacingOccurrences(of: "1.5", with: "2"))
        #expect(first.output == "clip-scaled.mkv" && second.output == "clip-scaled-2.mkv")
        for (id, frames) in [(first.id, 75), (second.id, 100)] {
            let ended = try studio.waitForRender(id)
            #expect(ended["state"] as? String == "done", "\(ended)")
            #expect((ended["result"] as? [String: Any])?["frames"] as? Int == frames)
            #expect((ended["asked"] as? String).flatMap(ISO8601DateFormatter().date) != nil, "\(ended)")
            #expect((ended["ended"] as? String).flatMap(ISO8601DateFormatter().date) != nil, "\(ended)")
        }
        let page = folder.appendingPathComponent("scaled/clip-scaled.mkv")
        let line = scratch.file("line.mkv")
        let command = try Tool.scale([source.path, "-o", line.path, "--factor", "1.5", "--fps", "25", "--motion", "blend"])
        #expect(command.status == 0, "\(command.stderr)")
        #expect(try Self.decoded(page) == (try Self.decoded(line)), "the page's render and the command line's differ")
        let replaced = try Self.submitted(studio, replacing(options.replacingOccurrences(of: "1.5", with: "3")))
        #expect(replaced.output == "clip-scaled.mkv")
        #expect(try studio.waitForRender(replaced.id)["state"] as? String == "done")
        #expect(try Self.decoded(page).count(where: { $0.hasPrefix("0,") }) == 150, "the replaced output is the ×3 render")
        #expect(try Tool.files(in: folder.appendingPathComponent("scaled")) == [".studio-jobs.json", "clip-scaled-2.mkv", "clip-scaled.mkv"])
        let plan = try studio.ask("/api/plan", method: "POST", json: options.replacingOccurrences(of: "1.5", with: "3"))
        #expect(plan.status == 200 && (plan.json as? [String: Any])?["frames"] as? Int == 150, "the plan is made whether the output is there or not")
        #expect(studio.stop() == 130)

        studio = try StudioServer(folder: folder)
        let listed = try #require(try studio.ask("/api/renders").json as? [[String: Any]])
        #expect(listed.map { $0["id"] as? String } == [running.id, queued.id, first.id, second.id, replaced.id])
        #expect(listed.map { $0["state"] as? String } == ["cancelled", "cancelled", "done", "done", "done"])
        let played = try studio.ask("/results/clip-scaled.mkv", headers: ["Range: bytes=0-3"])
        #expect(played.status == 206 && played.body == Data([0x1A, 0x45, 0xDF, 0xA3]))
        #expect(studio.stop() == 130)
    }

    /// A render asked for (202): its id and output name.
    static func submitted(_ studio: StudioServer, _ options: String) throws -> (id: String, output: String) {
        let asked = try studio.ask("/api/renders", method: "POST", json: options)
        #expect(asked.status == 202, "\(asked.text)")
        let job = try #require(asked.json as? [String: Any])
        return (try #require(job["id"] as? String), try #require(job["output"] as? String))
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
