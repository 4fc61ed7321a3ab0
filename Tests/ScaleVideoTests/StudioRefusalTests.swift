import Foundation
import Hummingbird
import Testing

@testable import Studio

/// The status the page gets for the engine's refusal comes from what the
/// engine says of it, not from its words: 400 for bad usage (exit 64), 409
/// for an output already there (its `--json` line's `kind`), 422 otherwise.
@Suite(.tags(.unit))
struct StudioRefusalTests {
    private static func refusal(status: Int32, json: String, stderr: String) -> HTTPError {
        let output = RenderProcess.Output(status: status, stdout: Data(json.utf8), stderr: stderr)
        return RenderProcess.refusal(output, folders: ["/media/scaled"])
    }

    @Test func theStatusFollowsTheKind() {
        let exists = Self.refusal(
            status: 1, json: #"{"input":"a.mp4","status":"failed","error":"…","kind":"exists"}"# + "\n",
            stderr: "scale-video: a.mp4: /media/scaled/a-scaled.mov already exists (use --overwrite to replace it)\n")
        #expect(exists.status == .conflict)
        #expect(exists.body == "a.mp4: a-scaled.mov already exists (use --overwrite to replace it)")
        let input = Self.refusal(
            status: 1, json: #"{"status":"failed","error":"…","kind":"input"}"#,
            stderr: "scale-video: a.mp4: not a readable movie (Invalid data) — the words say already exists\n")
        #expect(input.status == .unprocessableContent)
        #expect(Self.refusal(status: 64, json: "", stderr: "Error: --factor must be above 0\n").status == .badRequest)
        #expect(Self.refusal(status: 1, json: "", stderr: "scale-video: a.mp4: already exists\n").status == .unprocessableContent)
    }
}
