import TestSupport
import Testing

@testable import scale_video

/// `--shard auto` in a Slurm job array: the shard each task id is given,
/// held to the rule the guide states (task id mod n, plus 1) and to tables
/// written out by hand.
@Suite(.tags(.unit))
struct SlurmShardTests {
    /// The guide's rule: task `id` of any array does shard `id mod n + 1`.
    static func reference(task id: Int, count: Int) -> Int { id % count + 1 }

    /// The variables Slurm sets for task `id` of an array of the ids `array`.
    static func environment(task id: Int, of array: [Int]) -> [String: String] {
        [
            "SLURM_ARRAY_TASK_ID": String(id), "SLURM_ARRAY_TASK_MIN": String(array.min()!),
            "SLURM_ARRAY_TASK_MAX": String(array.max()!), "SLURM_ARRAY_TASK_COUNT": String(array.count),
        ]
    }

    /// The shards of every task of `array`, in its order.
    static func shards(of array: [Int], count: Int) throws -> [Int] {
        try array.map { try Shard.automatic(environment: environment(task: $0, of: array), count: count).number }
    }

    @Test func arraysCountedFromOneOrZeroGiveEachShardOnce() throws {
        #expect(try Self.shards(of: Array(1...8), count: 8) == [2, 3, 4, 5, 6, 7, 8, 1])
        #expect(try Self.shards(of: Array(0...7), count: 8) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(try Self.shards(of: Array(1...3), count: 3) == [2, 3, 1])
        #expect(try Self.shards(of: Array(10...13), count: 4) == [3, 4, 1, 2])
        #expect(try Self.shards(of: [5], count: 1) == [1])
    }

    @Test(arguments: [1, 2, 3, 5, 8, 13], [0, 1, 2, 7, 16, 100])
    func anyConsecutiveIdsAreTheShardsEachOnce(count: Int, first: Int) throws {
        let array = Array(first..<(first + count))
        let shards = try Self.shards(of: array, count: count)
        #expect(shards == array.map { Self.reference(task: $0, count: count) })
        #expect(shards.sorted() == Array(1...count))
    }

    /// A task resubmitted alone, or in a list, does the shard it did in the
    /// whole array, though SLURM_ARRAY_TASK_MIN and _MAX now describe the
    /// resubmitted ids alone.
    @Test(arguments: [0, 1, 4])
    func aResubmittedTaskDoesTheShardItDidInTheWholeArray(first: Int) throws {
        let array = Array(first..<(first + 8))
        let whole = try Self.shards(of: array, count: 8)
        for (id, shard) in zip(array, whole) {
            #expect(try Self.shards(of: [id], count: 8) == [shard], "--array=\(id)")
        }
        let list = [array[1], array[6]]
        #expect(try Self.shards(of: list, count: 8) == [whole[1], whole[6]], "--array=\(list[0]),\(list[1])")
    }

    /// Arrays of more ids than shards (two tasks would do one shard), and
    /// ids that are not a task's: each refused, saying why and how to fix it.
    @Test(arguments: [
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "9", "SLURM_ARRAY_TASK_COUNT": "10"],
         ["tasks 0 to 9", "--shard-count 8", "--array=1-8"]),
        (["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "8", "SLURM_ARRAY_TASK_COUNT": "2"],
         ["tasks 0 to 8", "--shard-count 8", "--array=1-8"]),
        (["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "14", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_STEP": "2"],
         ["tasks 0 to 14", "--shard-count 8", "--array=1-8"]),
        (["SLURM_ARRAY_TASK_ID": "-1"], ["SLURM_ARRAY_TASK_ID=-1 is not a task id"]),
        (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1"], ["SLURM_ARRAY_TASK_MAX is not set"]),
    ])
    func arraysThatDoNotFitTheCountAreRefused(environment: [String: String], saying: [String]) {
        #expect {
            try Shard.automatic(environment: environment, count: 8)
        } throws: { error in
            let text = (error as? Shard.Problem)?.description ?? ""
            return saying.allSatisfy { text.contains($0) }
        }
    }

    @Test func aKubernetesIndexIsItsShardLessOne() throws {
        let shards = try (0..<4).map { try Shard.automatic(environment: ["JOB_COMPLETION_INDEX": String($0)], count: 4).number }
        #expect(shards == [1, 2, 3, 4])
        #expect(throws: Shard.Problem.self) { try Shard.automatic(environment: ["JOB_COMPLETION_INDEX": "4"], count: 4) }
    }
}
