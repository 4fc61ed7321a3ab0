/// One of n parts of a batch, so that n machines running the same command
/// over the same list together do every input once. An input belongs to
/// shard `FNV-1a-64(its path's UTF-8 bytes) mod n + 1`: decided by its path
/// alone, the same in every process, whatever the list's order.
struct Shard: Equatable {
    /// 1 to `count`.
    let number: Int
    let count: Int

    /// Whether `path` belongs to this shard.
    func holds(_ path: String) -> Bool {
        Int(Self.hash(path) % UInt64(count)) + 1 == number
    }

    /// FNV-1a, 64-bit, of the path's UTF-8 bytes: a hash with no seed,
    /// unlike Swift's Hasher, which differs from process to process.
    static func hash(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Why a shard cannot be taken from what was given.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// `i/n`, with i from 1 to n.
    init(parsing text: String) throws(Problem) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]) else {
            throw Problem(description: "--shard \(text): give i/n (the i-th of n shards, from 1/n to n/n) or auto.")
        }
        guard count >= 1 else { throw Problem(description: "--shard \(text): there must be at least 1 shard.") }
        guard (1...count).contains(number) else {
            throw Problem(description: "--shard \(text): the shard must be 1 to \(count) (shards count from 1).")
        }
        self.number = number
        self.count = count
    }

    init(number: Int, count: Int) {
        self.number = number
        self.count = count
    }

    /// The shard a cluster's job array gives this process, of the `count`
    /// shards the batch has (given explicitly, so that a task resubmitted
    /// alone, or an array of a list of tasks, does exactly its own shard):
    /// a Kubernetes Indexed Job's JOB_COMPLETION_INDEX, or a Slurm array
    /// task's SLURM_ARRAY_TASK_ID, each 0 to `count` − 1 for shards 1 to
    /// `count`. A Slurm array that reaches past `count` − 1
    /// (SLURM_ARRAY_TASK_MAX) contradicts it, and is refused.
    static func automatic(environment: [String: String], count: Int?) throws(Problem) -> Shard {
        let value = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        func integer(_ name: String) throws(Problem) -> Int {
            guard let text = value(name) else { throw Problem(description: "--shard auto: \(name) is not set.") }
            guard let number = Int(text) else { throw Problem(description: "--shard auto: \(name)=\(text) is not a whole number.") }
            return number
        }
        let name: String
        let array: String
        if value("JOB_COMPLETION_INDEX") != nil {
            (name, array) = ("JOB_COMPLETION_INDEX", "the Job's completions")
        } else if value("SLURM_ARRAY_TASK_ID") != nil {
            (name, array) = ("SLURM_ARRAY_TASK_ID", "an array of tasks 0 to n-1, such as --array=0-7 for 8")
        } else {
            throw Problem(description: "--shard auto: neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (a Slurm job array) is set.")
        }
        let index = try integer(name)
        guard let count else {
            throw Problem(description: "--shard auto: \(name) is set; give --shard-count n, the batch's number of shards (\(array)).")
        }
        guard (0..<count).contains(index) else {
            throw Problem(description: "--shard auto: \(name)=\(index) is not within 0 to \(count - 1) (--shard-count \(count)): shards are \(array).")
        }
        if name == "SLURM_ARRAY_TASK_ID", value("SLURM_ARRAY_TASK_MAX") != nil {
            let last = try integer("SLURM_ARRAY_TASK_MAX")
            guard last < count else {
                throw Problem(description: "--shard auto: the Slurm array reaches task \(last), past shard \(count) of --shard-count \(count): submit --array=0-\(count - 1), or a list of tasks within it.")
            }
        }
        return Shard(number: index + 1, count: count)
    }
}
