import Foundation
import Testing

/// The cluster examples in examples/ run one and the same command, but for
/// how each names its shard, and it is a command scale-video accepts.
struct ExampleTests {
    static let examples = ["kubernetes-indexed-job.yaml", "slurm-array.sh", "gnu-parallel.sh"]

    static func text(_ example: String) throws -> String {
        try String(contentsOf: Repository.file("examples/" + example), encoding: .utf8)
    }

    /// The words of the example's scale-video command: from `scale-video
    /// --inputs-from` to the redirection of its output (`>`, or `>>` that
    /// appends; or GNU parallel's `:::`), across continued or folded lines.
    static func command(in example: String) throws -> [String] {
        let text = try text(example).replacingOccurrences(of: "\\\n", with: " ")
        let start = try #require(text.range(of: "scale-video --inputs-from"), "\(example) runs no scale-video")
        let rest = text[start.lowerBound...]
        let end = [rest.range(of: " > ")?.lowerBound, rest.range(of: " >> ")?.lowerBound, rest.range(of: ":::")?.lowerBound]
            .compactMap { $0 }.min()
        return rest[..<(end ?? rest.endIndex)].split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The words that name the shard, and the others.
    static func shardWords(of command: [String]) -> (shard: [String], rest: [String]) {
        var (shard, rest) = ([String](), [String]())
        var index = 0
        while index < command.count {
            if command[index] == "--shard" || command[index] == "--shard-count" {
                shard += command[index...min(index + 1, command.count - 1)]
                index += 2
            } else {
                rest.append(command[index])
                index += 1
            }
        }
        return (shard, rest)
    }

    @Test func everyExampleRunsTheSameCommandWithEightShards() throws {
        let commands = try Self.examples.map { try Self.shardWords(of: Self.command(in: $0)) }
        #expect(commands[0].rest == commands[1].rest && commands[1].rest == commands[2].rest, "\(commands.map(\.rest))")
        for option in ["--skip-existing", "--json"] { #expect(commands[0].rest.contains(option)) }
        #expect(commands[0].shard == ["--shard", "auto", "--shard-count", "8"])
        #expect(try Self.text(Self.examples[0]).contains("completions: 8 "))
        #expect(commands[1].shard == ["--shard", "auto", "--shard-count", "8"])
        #expect(try Self.text(Self.examples[1]).contains("#SBATCH --array=0-7\n"))
        #expect(try Self.text(Self.examples[1]).contains("#SBATCH --open-mode=append\n"))
        #expect(commands[2].shard == ["--shard", "{}/8"])
        #expect(try Self.text(Self.examples[2]).contains("::: 1 2 3 4 5 6 7 8 "))
    }

    /// The command, with its shared folder made here, plans a clip.
    @Test func theCommandIsOneScaleVideoAccepts() throws {
        let scratch = try Scratch()
        let clip = try Media.make(scratch.file("clip.mov"), rate: 10, seconds: 0.5, audio: nil)
        try Data((clip.path + "\n").utf8).write(to: scratch.file("list.txt"))
        let words = Self.shardWords(of: try Self.command(in: Self.examples[1])).rest.dropFirst()
            .map { $0.replacingOccurrences(of: "/shared", with: scratch.url.path) }
        let result = try Tool.scale(words + ["--shard", "1/1", "--dry-run"])
        #expect(result.status == 0, "\(words): \(result.stderr)")
        #expect(try JSONResults(result.stdout).objects.map { $0["status"] as? String } == ["planned"])
    }

    /// The Kubernetes manifest is valid for every release from the one that
    /// first has backoffLimitPerIndex (1.29) to 1.33, strictly (no field
    /// the API does not know), by the API's own schemas (kubernetes-validate,
    /// which scripts/setup.sh installs).
    @Test(arguments: ["1.29.0", "1.30.0", "1.31.0", "1.32.0", "1.33.0"])
    func theKubernetesManifestIsValid(release: String) throws {
        let manifest = Repository.file("examples/" + Self.examples[0]).path
        let result = try Tool.run("kubernetes-validate", ["-k", release, "--strict", "--quiet", manifest])
        #expect(result.status == 0, "\(result.text)\(result.stderr)")
    }

    /// Every example appends its results (and Slurm its log), so a task run
    /// again keeps what an earlier run wrote.
    @Test func theExamplesAppendTheirResults() throws {
        #expect(try Self.text(Self.examples[0]).contains(">> /shared/results/shard-$JOB_COMPLETION_INDEX.jsonl"))
        #expect(try Self.text(Self.examples[1]).contains(">> \"/shared/results/shard-$SLURM_ARRAY_TASK_ID.jsonl\""))
        #expect(try Self.text(Self.examples[2]).contains("::: 1 2 3 4 5 6 7 8 >> results.jsonl"))
    }
}
