import Foundation
import TestSupport
import Testing

/// `--shard i/n` and `--shard auto`: n processes running the same command
/// over one list, each its own shard, do every input once between them.
@Suite(.serialized, .tags(.endToEnd))
struct ShardTests {
    /// The shard (1 to n) the README gives a path: FNV-1a, 64-bit, of its
    /// UTF-8 bytes, modulo n, plus 1; written here from the algorithm's
    /// definition, and held to its published test values below.
    static func shard(of path: String, count: Int) -> Int {
        Int(fnv1a64(path) % UInt64(count)) + 1
    }

    static func fnv1a64(_ text: String) -> UInt64 {
        text.utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }

    @Test func theHashIsFNV1a64() {
        #expect(Self.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(Self.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Self.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
    }

    /// The inputs each `--json` line names, in order.
    static func reportedInputs(_ result: ProcessOutput) throws -> [String] {
        try JSONResults(result.stdout).objects.map { $0["input"] as? String ?? "" }
    }

    @Test func fourShardsRunTogetherConvertEveryInputOnce() throws {
        let scratch = try Scratch()
        var clips: [String] = []
        for index in 0..<12 {
            clips.append(try Media.make(scratch.file("clip\(index).mov"), rate: 10, seconds: 0.5, audio: nil).path)
        }
        let missing = (0..<8).map { scratch.file("gone\($0).mov").path }
        let list = clips + missing
        try Data(list.joined(separator: "\n").utf8).write(to: scratch.file("list.txt"))
        let folder = scratch.file("out")
        let command = [
            "--inputs-from", scratch.file("list.txt").path, "--factor", "2", "--output-dir", folder.path, "--json", "--quiet",
            "--skip-existing",
        ]
        let running = try (1...4).map { try RunningProcess(Tool.scaleVideo.path, command + ["--shard", "\($0)/4"]) }
        let results = running.map { $0.wait(timeout: 120) }

        var reported: [String: Int] = [:]
        var written: [String: Int] = [:]
        for (index, result) in results.enumerated() {
            let number = index + 1
            let objects = try JSONResults(result.stdout).objects
            let inputs = objects.map { $0["input"] as? String ?? "" }
            let expected = list.filter { Self.shard(of: $0, count: 4) == number }
            #expect(inputs == expected, "shard \(number)")
            #expect(result.exited && result.status == (expected.contains { !clips.contains($0) } ? 1 : 0), "\(result.stderr)")
            #expect(result.stderr.contains("scale-video: shard \(number)/4: \(expected.count) of the \(list.count) inputs"))
            for object in objects {
                reported[object["input"] as? String ?? "", default: 0] += 1
                if object["status"] as? String == "ok" { written[object["output"] as? String ?? "", default: 0] += 1 }
                let clip = clips.contains(object["input"] as? String ?? "")
                #expect(object["status"] as? String == (clip ? "ok" : "failed"), "\(object)")
            }
        }
        #expect(reported == Dictionary(uniqueKeysWithValues: list.map { ($0, 1) }))
        #expect(written.count == clips.count && written.values.allSatisfy { $0 == 1 })
        let outputs = clips.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent + "-scaled.mov" }
        #expect(try Tool.files(in: folder) == outputs.sorted())
        #expect(Set(written.keys) == Set(outputs.map { folder.appendingPathComponent($0).path }))
        for output in outputs {
            #expect(try Tool.probe(folder.appendingPathComponent(output), stream: "v:0", "nb_read_frames", countFrames: true) == "30")
        }
    }

    /// Paths that need not exist: a dry run names each input of the shard.
    static let paths = (0..<40).map { "in/take \($0).mov" }

    static func dryRun(_ paths: [String], _ arguments: [String], environment: [String] = []) throws -> ProcessOutput {
        let scratch = try Scratch()
        try Data(paths.joined(separator: "\n").utf8).write(to: scratch.file("list.txt"))
        // Nothing of the test runner's own environment decides the shard.
        let unset = [
            "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT",
            "SLURM_ARRAY_TASK_STEP",
        ]
            .flatMap { ["-u", $0] }
        return try Tool.run(
            "env", unset + environment + [Tool.scaleVideo.path, "--inputs-from", "list.txt", "--factor", "2", "--dry-run", "--json", "--quiet"]
                + arguments, in: scratch.url)
    }

    @Test func aShardIsDecidedByThePathAloneWhateverTheOrder() throws {
        for number in 1...3 {
            let inOrder = try Self.reportedInputs(Self.dryRun(Self.paths, ["--shard", "\(number)/3"]))
            let reversed = try Self.reportedInputs(Self.dryRun(Self.paths.reversed(), ["--shard", "\(number)/3"]))
            #expect(inOrder == Self.paths.filter { Self.shard(of: $0, count: 3) == number })
            #expect(reversed == inOrder.reversed())
        }
        #expect(try Self.reportedInputs(Self.dryRun(Self.paths, ["--shard", "1/1"])) == Self.paths)
    }

    @Test(arguments: [
        (["JOB_COMPLETION_INDEX=2"], ["--shard-count", "4"]),
        // Task 2 (2 mod 4 + 1 = shard 3) of --array=0-3, resubmitted alone, in a list (--array=0,2), a step (--array=0-2:2).
        (["SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=3", "SLURM_ARRAY_TASK_COUNT=4"], ["--shard-count", "4"]),
        (["SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=2", "SLURM_ARRAY_TASK_MAX=2", "SLURM_ARRAY_TASK_COUNT=1"], ["--shard-count", "4"]),
        (["SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=2", "SLURM_ARRAY_TASK_COUNT=2"], ["--shard-count", "4"]),
        (["SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=2", "SLURM_ARRAY_TASK_COUNT=2", "SLURM_ARRAY_TASK_STEP=2"], ["--shard-count", "4"]),
        // Task 2 of --array=1-4, and in a list (--array=2,4); task 6 of --array=5-8, and resubmitted alone.
        (["SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=4", "SLURM_ARRAY_TASK_COUNT=4"], ["--shard-count", "4"]),
        (["SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_MIN=2", "SLURM_ARRAY_TASK_MAX=4", "SLURM_ARRAY_TASK_COUNT=2"], ["--shard-count", "4"]),
        (["SLURM_ARRAY_TASK_ID=6", "SLURM_ARRAY_TASK_MIN=5", "SLURM_ARRAY_TASK_MAX=8", "SLURM_ARRAY_TASK_COUNT=4"], ["--shard-count", "4"]),
        (["SLURM_ARRAY_TASK_ID=6", "SLURM_ARRAY_TASK_MIN=6", "SLURM_ARRAY_TASK_MAX=6", "SLURM_ARRAY_TASK_COUNT=1"], ["--shard-count", "4"]),
    ])
    func autoTakesTheClustersShard(environment: [String], arguments: [String]) throws {
        let explicit = try Self.dryRun(Self.paths, ["--shard", "3/4"])
        let automatic = try Self.dryRun(Self.paths, ["--shard", "auto"] + arguments, environment: environment)
        #expect(automatic.status == explicit.status, "\(automatic.stderr)")
        #expect(try Self.reportedInputs(automatic) == Self.reportedInputs(explicit))
        #expect(try Self.reportedInputs(automatic) == Self.paths.filter { Self.shard(of: $0, count: 4) == 3 })
    }

    @Test(arguments: [
        ([], ["--shard", "5/4"]),
        ([], ["--shard", "0/0"]),
        ([], ["--shard", "0/4"]),
        ([], ["--shard", "1/-2"]),
        ([], ["--shard", "two"]),
        ([], ["--shard", "auto"]),
        ([], ["--shard", "auto", "--shard-count", "4"]),
        ([], ["--shard", "1/4", "--shard-count", "4"]),
        (["JOB_COMPLETION_INDEX=1"], ["--shard", "auto"]),
        (["JOB_COMPLETION_INDEX=4"], ["--shard", "auto", "--shard-count", "4"]),
        (["JOB_COMPLETION_INDEX=x"], ["--shard", "auto", "--shard-count", "4"]),
        (["SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=4"], ["--shard", "auto"]),
        (["SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=4"], ["--shard", "auto", "--shard-count", "4"]),
        (["SLURM_ARRAY_TASK_ID=-2"], ["--shard", "auto", "--shard-count", "4"]),
    ])
    func badShardsAreBadUsageInOneLine(environment: [String], arguments: [String]) throws {
        let result = try Self.dryRun(Self.paths, arguments, environment: environment)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let errors = result.stderrLines.filter { $0.hasPrefix("Error: ") }
        #expect(errors.count == 1 && errors[0].contains("--shard"), "\(result.stderr)")
    }

    /// Every task of an array of 5 (--array=0-4, 1-5 or 3-7) run, then two
    /// of them resubmitted alone (as sbatch --array=ID does): each input is
    /// planned by exactly one task of the array, task id doing shard
    /// id mod 5 + 1, and a task run again plans exactly what it planned before.
    @Test(arguments: [0, 1, 3])
    func anArrayCoversEveryInputOnceWhateverIsRunAgain(first: Int) throws {
        let ids = Array(first..<(first + 5))
        let array = ["SLURM_ARRAY_TASK_MIN=\(first)", "SLURM_ARRAY_TASK_MAX=\(first + 4)", "SLURM_ARRAY_TASK_COUNT=5"]
        var planned: [Int: [String]] = [:]
        for task in ids {
            planned[task] = try Self.reportedInputs(
                Self.dryRun(Self.paths, ["--shard", "auto", "--shard-count", "5"], environment: array + ["SLURM_ARRAY_TASK_ID=\(task)"]))
            #expect(planned[task] == Self.paths.filter { Self.shard(of: $0, count: 5) == task % 5 + 1 }, "task \(task)")
        }
        #expect(planned.values.flatMap { $0 }.sorted() == Self.paths.sorted())
        for task in [ids[1], ids[4]] {
            let again = try Self.reportedInputs(
                Self.dryRun(
                    Self.paths, ["--shard", "auto", "--shard-count", "5"],
                    environment: ["SLURM_ARRAY_TASK_ID=\(task)", "SLURM_ARRAY_TASK_MIN=\(task)", "SLURM_ARRAY_TASK_MAX=\(task)", "SLURM_ARRAY_TASK_COUNT=1"]))
            #expect(again == planned[task], "task \(task) alone")
        }
    }
}
