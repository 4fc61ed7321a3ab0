import Foundation
import TestSupport
import Testing

/// `scale-video request FILE|-`: a job given whole as JSON runs as the
/// command line's options run it, frame for frame and sample for sample
/// (as ffmpeg decodes them); a request that is not one, or asks what the
/// options would refuse, is bad usage (64) in one line saying why, and
/// nothing is written.
@Suite(.tags(.endToEnd))
struct RequestCommandTests {
    /// A 2 s source at 25 fps whose frames carry their index, with a PCM tone.
    static func source(in scratch: Scratch) throws {
        try Fixtures.make(
            scratch.file("in.mov"),
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedMotion(rate: 25, seconds: 2), "-f", "lavfi", "-i", Media.tone(rate: 44100, seconds: 2),
                     "-c:v", "libx264", "-crf", "16", "-c:a", "pcm_s16le"])
    }

    @Test func aRequestRunsAsTheOptionsDo() throws {
        let scratch = try Scratch()
        try Self.source(in: scratch)
        let options = ["--time-map", "0=0,1=2,0.5=3", "--fps", "30", "--crf", "0", "--keep-pitch", "--audio-codec", "flac"]
        let command = try Tool.scale(["in.mov", "-o", "options.mkv", "--quiet"] + options, in: scratch.url)
        #expect(command.status == 0, "\(command.stderr)")
        let json = """
            {"input": "in.mov", "output": "request.mkv", "target": {"timeMap": "0=0,1=2,1/2=3"}, "fps": "30", "crf": 0,
             "keepPitch": true, "audioCodec": "flac"}
            """
        try json.write(to: scratch.file("job.json"), atomically: true, encoding: .utf8)
        let fromFile = try Tool.scale(["request", "job.json", "--quiet", "--json"], in: scratch.url)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.text.contains("\"status\":\"ok\""), "\(fromFile.text)")
        let fromInput = try Tool.run(
            "/bin/sh", ["-c", "sed s/request.mkv/piped.mkv/ job.json | \"$0\" request - --quiet", Tool.scaleVideo.path], in: scratch.url)
        #expect(fromInput.status == 0, "\(fromInput.stderr)")
        let (pictures, sound) = (try PartsTests.hashes(scratch.file("options.mkv"), "v"), try PartsTests.hashes(scratch.file("options.mkv"), "a"))
        #expect(pictures.count == 90 && !sound.isEmpty)
        for made in ["request.mkv", "piped.mkv"] {
            #expect(try PartsTests.hashes(scratch.file(made), "v") == pictures, "\(made): other pictures")
            #expect(try PartsTests.hashes(scratch.file(made), "a") == sound, "\(made): other sound")
        }
    }

    @Test(arguments: [
        (#"{"input": "in.mov", "output": "out.mov", "target": {"factor": "2"}, "crf": 99}"#, "--crf must be between 0 and 51 for h264."),
        (#"{"input": "in.mov", "output": "out.mov", "target": {"factor": "2"}, "motion": "flow", "curve": "smooth"}"#,
         "--curve smooth shapes a time map: give --time-map or --speed."),
        (#"{"input": "in.mov", "output": "out.avi", "target": {"factor": "2"}}"#, "-o out.avi: use a .mov, .mp4, .m4v or .mkv name"),
        (#"{"input": "in.mov", "output": "out.mov", "target": {"factor": "2"}, "speed": "0:1"}"#, "\"speed\" is not a field of a request"),
        (#"{"input": "in.mov", "output": "out.mov", "target": {"timeMap": "0=0,2=1,3=1"}}"#, "knot 3 \"3=1\""),
        (#"{"input": "in.mov", "output": "out.mov", "target": {"factor": "2"}, "noAudio": "yes"}"#, "noAudio: it is not true or false"),
        (#"{"input": "in.mov", "target": {"factor": "2"}}"#, "it gives no \"output\""),
        (#"{"input": "-", "output": "out.mov", "target": {"factor": "2"}}"#, "a request reads and writes files"),
        ("[1, 2]", "it is not a JSON object"),
    ])
    func aWrongRequestIsBadUsageSayingWhy(json: String, reason: String) throws {
        let scratch = try Scratch()
        try Self.source(in: scratch)
        try json.write(to: scratch.file("job.json"), atomically: true, encoding: .utf8)
        let run = try Tool.scale(["request", "job.json", "--quiet"], in: scratch.url)
        #expect(run.status == 64)
        let said = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(said.hasPrefix("Error: ") && said.contains(reason), "\(run.stderr)")
        #expect(try Tool.files(in: scratch.url) == ["in.mov", "job.json"])
    }

    @Test func aRequestFileThatCannotBeReadFails() throws {
        let scratch = try Scratch()
        let run = try Tool.scale(["request", "missing.json"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr == "scale-video request: missing.json cannot be read (No such file or directory)\n", "\(run.stderr)")
    }
}
