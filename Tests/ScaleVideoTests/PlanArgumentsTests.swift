import Foundation
import TestSupport
import Testing

@testable import scale_video

/// What a part's manifest keeps of the command line (PlanArguments): every
/// option that decides the plan, and none of the others.
@Suite(.tags(.endToEnd))
struct PlanArgumentsTests {
    /// Every option of the command, as its own help (ArgumentParser's dump) names them.
    static func commandOptions() throws -> Set<String> {
        let dump = try Tool.run(Tool.scaleVideo.path, ["--experimental-dump-help"]).stdout
        let command = (try JSONSerialization.jsonObject(with: dump) as? [String: Any])?["command"] as? [String: Any]
        let arguments = try #require(command?["arguments"] as? [[String: Any]])
        return Set(arguments.flatMap { argument in
            ((argument["names"] as? [[String: String]]) ?? []).map { ($0["kind"] == "long" ? "--" : "-") + ($0["name"] ?? "") }
        })
    }

    @Test func everyOptionIsTheManifestsOrNot() throws {
        let known = Set(PlanArguments.options.keys).union(PlanArguments.others.keys)
        #expect(try Self.commandOptions() == known)
        #expect(Set(PlanArguments.options.keys).isDisjoint(with: PlanArguments.others.keys))
    }

    /// The plan's options are kept in order, values and all (`--x=v` too);
    /// the input, the output, the part and what only reports are left out;
    /// a map read from a file is given as its knots.
    @Test func thePlansOptionsAreKeptInOrder() throws {
        let scratch = try Scratch()
        let map = scratch.file("ramp.txt")
        try "# a ramp\n0 0\n4=8  # slow\n\n6 9\n".write(to: map, atomically: true, encoding: .utf8)
        let given = [
            "film.mkv", "-o", "film.mp4", "--json", "--motion", "flow", "--part", "3/8", "--crf=18", "--keep-pitch",
            "--progress", "json", "--time-map", "@" + map.path, "--audio-track", "2", "--quiet", "--fps", "24",
        ]
        #expect(PlanArguments.of(given) == [
            "--motion", "flow", "--crf", "18", "--keep-pitch", "--time-map", "0=0,4=8,6=9", "--audio-track", "2", "--fps", "24",
        ])
    }
}
