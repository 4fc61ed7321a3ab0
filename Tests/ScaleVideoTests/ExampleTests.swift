import Foundation
import TestSupport
import Testing

/// The cluster examples in examples/ run one and the same command, but for
/// how each names its shard, and it is a command scale-video accepts.
@Suite(.tags(.endToEnd))
struct ExampleTests {
    static let examples = ["kubernetes-indexed-job.yaml", "slurm-array.sh", "gnu-parallel.sh"]

    static func text(_ example: String) throws -> String {
        try String(contentsOf: Repository.file("examples/" + example), encoding: .utf8)
    }

    /// The words of the example's scale-video command after the program
    /// (`scale-video`, or a variable holding its path): from
    /// `--inputs-from` to the redirection of its output (`>`, or `>>` that
    /// appends; or GNU parallel's `:::`), across continued or folded lines.
    static func command(in example: String) throws -> [String] {
        let text = try text(example).replacingOccurrences(of: "\\\n", with: " ")
        let start = try #require(text.range(of: " --inputs-from"), "\(example) runs no scale-video")
        let rest = text[text.index(after: start.lowerBound)...]
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

    /// The GNU parallel example assumes no ssh key and no PATH: a machine
    /// that would ask for a password fails at once (BatchMode), one that
    /// cannot be reached is left out, and the tool is named by its path.
    @Test func theParallelExampleAssumesNoKeyAndNoPath() throws {
        let text = try Self.text(Self.examples[2])
        #expect(text.contains("--ssh 'ssh -o BatchMode=yes' --filter-hosts"))
        #expect(text.contains("tool=${SCALE_VIDEO:-/usr/local/bin/scale-video}\n"))
        #expect(text.contains("\"$tool\" --inputs-from"))
        let syntax = try Tool.run("bash", ["-n", Repository.file("examples/" + Self.examples[2]).path])
        #expect(syntax.status == 0, "\(syntax.stderr)")
    }

    /// The command, with its shared folder made here, plans a clip.
    @Test func theCommandIsOneScaleVideoAccepts() throws {
        let scratch = try Scratch()
        let clip = try Media.make(scratch.file("clip.mov"), rate: 10, seconds: 0.5, audio: nil)
        try Data((clip.path + "\n").utf8).write(to: scratch.file("list.txt"))
        let words = Self.shardWords(of: try Self.command(in: Self.examples[1])).rest
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

    /// A stand-in for Slurm's `sbatch`: runs the script's array tasks here,
    /// side by side, each with the variables Slurm sets for it, the array
    /// from `--array=` or the script's `#SBATCH --array=` line (ranges,
    /// steps and lists), its output appended to the script's `--output=`
    /// log. Its status: 1 when a task failed.
    static let standInSbatch = #"""
        #!/bin/bash
        set -euo pipefail
        spec=""
        while [ $# -gt 1 ]; do case "$1" in --array=*) spec=${1#--array=} ;; esac; shift; done
        script=$1
        [ -n "$spec" ] || spec=$(sed -n 's/^#SBATCH --array=//p' "$script")
        log=$(sed -n 's/^#SBATCH --output=//p' "$script")
        ids=()
        IFS=, read -ra parts <<<"$spec"
        for part in "${parts[@]}"; do
          step=1 range=$part
          case $part in *:*) step=${part#*:} range=${part%:*} ;; esac
          for ((i = ${range%-*}; i <= ${range#*-}; i += step)); do ids+=("$i"); done
        done
        min=${ids[0]} max=${ids[0]}
        for i in "${ids[@]}"; do ((i < min)) && min=$i; ((i > max)) && max=$i; done
        job=$$ pids=()
        for i in "${ids[@]}"; do
          out=${log//%A/$job}
          SLURM_ARRAY_JOB_ID=$job SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=${#ids[@]} SLURM_ARRAY_TASK_MIN=$min \
            SLURM_ARRAY_TASK_MAX=$max SLURM_ARRAY_TASK_STEP=$step bash "$script" >>"${out//%a/$i}" 2>&1 &
          pids+=($!)
        done
        status=0
        for pid in "${pids[@]}"; do wait "$pid" || status=1; done
        exit $status
        """#

    /// examples/slurm-array.sh as written (its shared folder here), run by
    /// the stand-in `sbatch`: the array does every clip once; a task
    /// resubmitted alone, or a list of them, does exactly its shards again
    /// (skipping what is complete) and appends to their results; an array
    /// of more ids than the count is refused by every task, saying how to
    /// fix it; and the batch done anew by an array counted from 1
    /// (--array=1-8) does every clip once, task 8 what task 0 did.
    @Test func theSlurmExampleRunsUnderAStandInSbatch() throws {
        let scratch = try Scratch()
        let shared = scratch.file("shared")
        let bin = scratch.file("bin")
        for folder in [shared, bin] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let clips = try (0..<12).map { try Media.make(shared.appendingPathComponent("clip\($0).mov"), rate: 10, seconds: 0.3, audio: nil) }
        try Data(clips.map { $0.path + "\n" }.joined().utf8).write(to: shared.appendingPathComponent("list.txt"))
        let script = try Self.text(Self.examples[1]).replacingOccurrences(of: "/shared", with: shared.path)
        try Data(script.utf8).write(to: scratch.file("slurm-array.sh"))
        let sbatch = bin.appendingPathComponent("sbatch")
        try Data(Self.standInSbatch.utf8).write(to: sbatch)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sbatch.path)
        let path = [bin.path, Tool.scaleVideo.deletingLastPathComponent().path, ProcessInfo.processInfo.environment["PATH"] ?? ""]
        func submit(_ arguments: [String]) throws -> ProcessOutput {
            try Tool.run("/usr/bin/env", ["PATH=" + path.joined(separator: ":"), "sbatch"] + arguments + ["slurm-array.sh"], in: scratch.url)
        }
        let results = shared.appendingPathComponent("results")
        /// Each result line of a shard: its input and status.
        func lines(ofShard shard: Int) throws -> [(input: String, status: String)] {
            let file = results.appendingPathComponent("shard-\(shard).jsonl")
            guard FileManager.default.fileExists(atPath: file.path) else { return [] }
            return try JSONResults(Data(contentsOf: file)).objects.map { ($0["input"] as? String ?? "", $0["status"] as? String ?? "") }
        }

        let first = try submit([])
        #expect(first.status == 0, "\(first.stderr)")
        var kept = try (0..<8).map { try lines(ofShard: $0) }
        let firstRun = kept.map { $0.map(\.input) }
        #expect(kept.joined().map(\.input).sorted() == clips.map(\.path).sorted(), "every clip once")
        #expect(kept.joined().allSatisfy { $0.status == "ok" })
        let scaled = try Tool.files(in: shared.appendingPathComponent("scaled"))
        #expect(scaled == clips.map { $0.deletingPathExtension().lastPathComponent + "-scaled.mov" }.sorted())

        for (array, shards) in [("--array=4", [4]), ("--array=2,5", [2, 5])] {
            let again = try submit([array])
            #expect(again.status == 0, "\(again.stderr)")
            for shard in 0..<8 {
                let now = try lines(ofShard: shard)
                #expect(now.prefix(kept[shard].count).map(\.input) == kept[shard].map(\.input), "\(array): shard \(shard) lost results")
                let added = now.dropFirst(kept[shard].count)
                let expected = shards.contains(shard) ? kept[shard].filter { $0.status == "ok" }.map(\.input) : []
                #expect(added.map(\.input) == expected, "\(array): shard \(shard)")
                #expect(added.allSatisfy { $0.status == "skipped" }, "\(array): shard \(shard) redid a clip")
                kept[shard] = now
            }
        }

        let tooMany = try submit(["--array=0-9"])
        #expect(tooMany.status == 1)
        let logs = try Tool.files(in: scratch.url).filter { $0.hasPrefix("scale-video-") && $0.hasSuffix("_9.log") }
        let log = try String(contentsOf: scratch.file(try #require(logs.first)), encoding: .utf8)
        #expect(log.contains("--shard-count 8"), "\(log)")

        for folder in ["results", "scaled"] { try FileManager.default.removeItem(at: shared.appendingPathComponent(folder)) }
        let fromOne = try submit(["--array=1-8"])
        #expect(fromOne.status == 0, "\(fromOne.stderr)")
        let anew = try (1...8).map { try lines(ofShard: $0) }
        #expect(anew.joined().map(\.input).sorted() == clips.map(\.path).sorted(), "--array=1-8: every clip once")
        #expect(anew.joined().allSatisfy { $0.status == "ok" })
        for (task, done) in zip(1...8, anew) { #expect(done.map(\.input) == firstRun[task % 8], "--array=1-8: task \(task)") }
        #expect(try Tool.files(in: shared.appendingPathComponent("scaled")) == scaled)
    }
}
