import Foundation
import TestSupport
import Testing

/// The page's plans are the engine's (SPEC §15: "the exact plan as
/// `--dry-run --json` computes it"): the server plans most options itself,
/// quickly, and must write them as the command line does, byte for byte;
/// what the command line refuses is refused in its words.
@Suite(.tags(.endToEnd))
struct StudioPlanTests {
    static let cases: [(file: String, options: String, arguments: [String])] = [
        ("clip.mp4", #""factor":2,"fps":"30","container":"mov""#, ["--factor", "2", "--fps", "30", "--container", "mov"]),
        ("clip.mp4", #""duration":7.5,"fps":"25","motion":"blend","keepPitch":true,"container":"mp4""#,
         ["--duration", "7.5", "--fps", "25", "--motion", "blend", "--keep-pitch", "--container", "mp4"]),
        ("clip.mp4", #""timeMap":"0=0,1=2,1=3,0.5=4","curve":"straight","fps":"24","container":"mkv""#,
         ["--time-map", "0=0,1=2,1=3,0.5=4", "--fps", "24", "--container", "mkv"]),
        ("clip.mp4", #""timeMap":"0=0,1=3,2=4","curve":"smooth","fps":"30","container":"webm""#,
         ["--time-map", "0=0,1=3,2=4", "--curve", "smooth", "--fps", "30", "--container", "webm"]),
        ("clip.mp4", #""factor":3,"fps":"50","motion":"flow","container":"mp4""#, ["--factor", "3", "--fps", "50", "--motion", "flow", "--container", "mp4"]),
        ("clip.mp4", #""factor":1.5,"reverse":true,"fps":"source","container":"mov""#,
         ["--factor", "1.5", "--reverse", "--fps", "source", "--container", "mov"]),
        ("song.wav", #""factor":0.8,"fps":"30","container":"mov""#, ["--factor", "0.8", "--fps", "30", "--container", "mov"]),
    ]

    @Test func aPlanIsTheCommandLinesByteForByte() throws {
        let scratch = try Scratch()
        let folder = scratch.file("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Media.make(folder.appendingPathComponent("clip.mp4"), seconds: 2, audio: ("aac", 44100))
        try Fixtures.make(folder.appendingPathComponent("song.wav"), ffmpeg: ["-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 1)])
        let studio = try StudioServer(folder: folder)
        let outputs = folder.appendingPathComponent("scaled").path
        for (file, options, arguments) in Self.cases {
            let page = try studio.ask("/api/plan", method: "POST", json: #"{"file":"\#(file)",\#(options)}"#)
            #expect(page.status == 200, "\(options): \(page.text)")
            let line = try Tool.scale([folder.appendingPathComponent(file).path, "--output-dir", outputs, "--overwrite", "--dry-run", "--json", "--quiet"] + arguments)
            #expect(line.status == 0, "\(line.stderr)")
            #expect(page.text == line.text, "\(options)\npage: \(page.text)\nline: \(line.text)")
        }
        let refused = try studio.ask("/api/plan", method: "POST", json: #"{"file":"clip.mp4","timeMap":"0=0,1=1","reverse":true,"fps":"30","container":"mov"}"#)
        #expect(refused.status == 400 && refused.message?.contains("--reverse plays the part scaled backwards") == true, "\(refused.text)")
        let smoothFlow = #"{"file":"clip.mp4","timeMap":"0=0,1=3,2=4","curve":"smooth","fps":"30","motion":"flow","container":"mov"}"#
        let flow = try studio.ask("/api/plan", method: "POST", json: smoothFlow)
        #expect(flow.status == 400 && flow.message == "--motion flow follows straight time maps: with --curve smooth use --motion nearest.", "\(flow.text)")
        let late = try studio.ask("/api/plan", method: "POST", json: #"{"file":"clip.mp4","timeMap":"0=0,9=9","fps":"30","container":"mov"}"#)
        #expect(late.status == 422, "\(late.text)")
        #expect(studio.stop() == 130)
    }
}
