import Foundation
import TestSupport
import Testing

/// SPEC §15's safety, against the running studio: the token on every
/// request, the Host checked, a change from another site or port refused, nothing read outside FOLDER, uploads size-
/// limited and kept only when they are media, one clear message and a 4xx
/// for each bad request, and Ctrl-C ends it with 130.
@Suite(.serialized, .tags(.endToEnd))
struct StudioAccessTests {
    @Test func everyRequestNeedsTheTokenAndTheHostServed() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Media.make(folder.appendingPathComponent("clip.mp4"), seconds: 1, audio: ("aac", 48000))
        try Tool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x64:d=0.1", "-frames:v", "1", folder.appendingPathComponent("still.png").path])
        let studio = try StudioServer(folder: folder)
        #expect(try studio.ask("/api/files", token: "").status == 401)
        #expect(try studio.ask("/api/files", token: String(repeating: "0", count: 32)).status == 401)
        let refused = try studio.ask("/api/files", host: "attacker.example:\(studio.port)")
        #expect(refused.status == 421)
        #expect(refused.message?.contains("answers only at") == true)
        let first = try studio.ask("/?token=\(studio.token)", token: "")
        #expect(first.status == 200)
        #expect(first.headers.lowercased().contains("set-cookie: studio-token-\(studio.port)=\(studio.token)"))
        #expect(first.text.contains("data-test=\"render\""))
        let listed = try studio.ask("/api/files")
        #expect(listed.status == 200)
        let names = (listed.json as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["clip.mp4"], "a still picture is not listed")
        let options = #"{"file":"clip.mp4","factor":2,"fps":"30","container":"mp4"}"#
        let forged = try studio.ask("/api/renders", method: "POST", json: options, headers: ["Sec-Fetch-Site: same-site"])
        #expect(forged.status == 403 && forged.message?.contains("own page") == true, "\(forged.text)")
        #expect(try studio.ask("/api/plan", method: "POST", json: options, headers: ["Sec-Fetch-Site: same-origin"]).status == 200)
        let page = try studio.ask("/media/clip.mp4")
        #expect(page.headers.lowercased().contains("content-security-policy: sandbox"))
        #expect(studio.stop() == 130)
    }

    @Test func nothingOutsideTheFolderIsListedOrRead() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Media.make(folder.appendingPathComponent("inside.mp4"), seconds: 1, audio: nil)
        let outside = try Media.make(scratch.file("outside.mp4"), seconds: 1, audio: nil)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.mp4"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("passwd.mp4"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
        let studio = try StudioServer(folder: folder)
        let names = (try studio.ask("/api/files").json as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["inside.mp4"])
        for path in ["/media/link.mp4", "/media/passwd.mp4", "/media/..%2Foutside.mp4", "/media/%2Fetc%2Fpasswd", "/media/../outside.mp4", "/api/levels/link.mp4"] {
            let reply = try studio.ask(path)
            #expect((400..<500).contains(reply.status), "\(path): \(reply.status)")
            #expect(reply.message != nil, "\(path)")
            #expect(!reply.text.contains("root:"), "\(path)")
        }
        let plan = try studio.ask("/api/plan", method: "POST", json: #"{"file":"../outside.mp4","factor":2,"fps":"30","container":"mp4"}"#)
        #expect(plan.status == 400)
        let bytes = try Data(contentsOf: folder.appendingPathComponent("inside.mp4"))
        let whole = try studio.ask("/media/inside.mp4")
        #expect(whole.status == 200 && whole.body == bytes)
        let part = try studio.ask("/media/inside.mp4", headers: ["Range: bytes=10-19"])
        #expect(part.status == 206 && part.body == bytes.subdata(in: 10..<20))
        #expect(studio.stop() == 130)
    }

    @Test func uploadsAreLimitedCheckedAndPutInPlaceWhole() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let movie = try Media.make(scratch.file("new.mp4"), seconds: 1, audio: ("aac", 48000))
        let text = scratch.file("notes.mp4")
        try Data(repeating: 65, count: 5000).write(to: text)
        let large = scratch.file("large.mp4")
        try Data(repeating: 0, count: 1_200_000).write(to: large)
        let studio = try StudioServer(folder: folder, arguments: ["--max-upload", "1"])
        let tooLarge = try studio.ask("/api/files?name=large.mp4", method: "POST", upload: large)
        #expect(tooLarge.status == 413 && tooLarge.message?.contains("1 MiB") == true, "\(tooLarge.text)")
        // Sent by its head alone, a request announcing 1 TiB is answered at once, from its Content-Length.
        let started = Date()
        let announced = try Tool.run(
            "curl",
            [
                "-s", "-X", "POST", "--max-time", "10", "-H", "Cookie: studio-token-\(studio.port)=\(studio.token)", "-H", "Expect:",
                "-H", "Content-Length: 1099511627776", "-w", "\\n%{http_code}", studio.base + "/api/files?name=huge.mp4",
            ])
        let took = Date().timeIntervalSince(started)
        #expect(announced.text.hasSuffix("\n413") && announced.text.contains("announces 1099511627776 bytes") && took < 5, "\(announced.text) in \(took) s")
        let notMedia = try studio.ask("/api/files?name=notes.mp4", method: "POST", upload: text)
        #expect(notMedia.status == 422 && notMedia.message?.contains("notes.mp4") == true)
        let badName = try studio.ask("/api/files?name=..%2Fescape.mp4", method: "POST", upload: movie)
        #expect(badName.status == 400)
        #expect(try Tool.files(in: folder) == ["scaled"])
        #expect(try Tool.files(in: scratch.url).contains("escape.mp4") == false)
        let taken = try studio.ask("/api/files?name=new.mp4", method: "POST", upload: movie)
        #expect(taken.status == 201)
        let kept = try Data(contentsOf: folder.appendingPathComponent("new.mp4"))
        #expect(kept == (try Data(contentsOf: movie)))
        #expect(try studio.ask("/api/files?name=new.mp4", method: "POST", upload: movie).status == 409)
        #expect(try Tool.files(in: folder) == ["new.mp4", "scaled"])
        #expect(studio.stop() == 130)
    }

    @Test func badOptionsGetTheEnginesOwnMessage() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Media.make(folder.appendingPathComponent("clip.mp4"), seconds: 1, audio: ("aac", 48000))
        let studio = try StudioServer(folder: folder)
        let cases: [(String, Int, String)] = [
            (#"{"file":"clip.mp4","factor":2,"fps":"29","container":"mp4"}"#, 400, "fps must be one of"),
            (#"{"file":"clip.mp4","fps":"30","container":"mp4"}"#, 400, "give one of"),
            (#"{"file":"clip.mp4","factor":2,"curve":"AAA","fps":"30","container":"mp4"}"#, 400, "curve must be one of"),
            (#"{"file":"clip.mp4","timeMap":"0=0,5=1","fps":"30","container":"mp4"}"#, 422, "past the source's end"),
            (#"not json"#, 400, "not JSON"),
        ]
        for (body, status, words) in cases {
            let reply = try studio.ask("/api/plan", method: "POST", json: body)
            #expect(reply.status == status, "\(body): \(reply.status) \(reply.text)")
            #expect(reply.message?.contains(words) == true, "\(body): \(reply.text)")
        }
        #expect(studio.stop() == 130)
    }
}
