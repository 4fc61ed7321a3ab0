import ScaleVideo

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
        Int(FNV1a.hash(path) % UInt64(count)) + 1 == number
    }

    /// Why a shard cannot be taken from what was given.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// What the messages call a shard: the option, its count's option and
    /// the noun; `--part` splits a film the same way (FilmPart).
    struct Naming {
        let option: String
        let countOption: String
        let noun: String

        static let shard = Naming(option: "--shard", countOption: "--shard-count", noun: "shard")
        static let part = Naming(option: "--part", countOption: "--part-count", noun: "part")
    }

    /// `i/n`, with i from 1 to n.
    init(parsing text: String, naming: Naming = .shard) throws(Problem) {
        let (option, noun) = (naming.option, naming.noun)
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]) else {
            throw Problem(description: "\(option) \(text): give i/n (the i-th of n \(noun)s, from 1/n to n/n) or auto.")
        }
        guard count >= 1 else { throw Problem(description: "\(option) \(text): there must be at least 1 \(noun).") }
        guard (1...count).contains(number) else {
            throw Problem(description: "\(option) \(text): the \(noun) must be 1 to \(count) (\(noun)s count from 1).")
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
    /// a Kubernetes Indexed Job's JOB_COMPLETION_INDEX, 0 to `count` − 1 for
    /// shards 1 to `count`, or a Slurm array task's SLURM_ARRAY_TASK_ID.
    static func automatic(environment: [String: String], count: Int?, naming: Naming = .shard) throws(Problem) -> Shard {
        let variables = Variables(environment, naming: naming)
        let (option, countOption, noun) = (naming.option, naming.countOption, naming.noun)
        let index: Int
        if variables.value("JOB_COMPLETION_INDEX") != nil {
            index = try variables.integer("JOB_COMPLETION_INDEX")
            let count = try required(count, "JOB_COMPLETION_INDEX", "the Job's completions", naming)
            guard (0..<count).contains(index) else {
                throw Problem(
                    description: "\(option) auto: JOB_COMPLETION_INDEX=\(index) is not within 0 to \(count - 1) (\(countOption) \(count)): \(noun)s are the Job's completions.")
            }
            return Shard(number: index + 1, count: count)
        }
        guard variables.value("SLURM_ARRAY_TASK_ID") != nil else {
            throw Problem(description: "\(option) auto: neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (a Slurm job array) is set.")
        }
        return try slurmTask(variables, count: required(count, "SLURM_ARRAY_TASK_ID", "n consecutive array tasks, such as --array=1-8 or 0-7 for 8", naming))
    }

    /// A Slurm array task's shard: its id `mod count`, plus 1. Any `count`
    /// consecutive ids (1 to n, 0 to n − 1, k to k + n − 1) are the shards,
    /// each once, and an id is the same shard in whatever array it runs, so
    /// a task resubmitted alone (--array=4) or in a list (--array=2,5) does
    /// the shard it did in the whole array. An array whose ids
    /// (SLURM_ARRAY_TASK_MIN to SLURM_ARRAY_TASK_MAX) span more than `count`
    /// would give two tasks one shard, and is refused.
    private static func slurmTask(_ variables: Variables, count: Int) throws(Problem) -> Shard {
        let id = try variables.integer("SLURM_ARRAY_TASK_ID")
        let (option, countOption, noun) = (variables.naming.option, variables.naming.countOption, variables.naming.noun)
        guard id >= 0 else { throw Problem(description: "\(option) auto: SLURM_ARRAY_TASK_ID=\(id) is not a task id (0 or more).") }
        if variables.value("SLURM_ARRAY_TASK_MIN") != nil || variables.value("SLURM_ARRAY_TASK_MAX") != nil {
            let (first, last) = (try variables.integer("SLURM_ARRAY_TASK_MIN"), try variables.integer("SLURM_ARRAY_TASK_MAX"))
            guard last - first < count else {
                throw Problem(
                    description: "\(option) auto: the Slurm array's tasks \(first) to \(last) are more than the \(count) \(noun)s of \(countOption) \(count), so two of them would do one \(noun): submit \(count) consecutive tasks, such as --array=1-\(count) or --array=0-\(count - 1), or a list of tasks within them.")
            }
        }
        return Shard(number: id % count + 1, count: count)
    }

    /// `count`, which a cluster's index `name` needs to be read.
    private static func required(_ count: Int?, _ name: String, _ shards: String, _ naming: Naming) throws(Problem) -> Int {
        guard let count else {
            throw Problem(
                description: "\(naming.option) auto: \(name) is set; give \(naming.countOption) n, the number of \(naming.noun)s (\(shards)).")
        }
        return count
    }

    /// The environment's variables, an empty one as unset.
    private struct Variables {
        let environment: [String: String]
        let naming: Naming

        init(_ environment: [String: String], naming: Naming) {
            self.environment = environment
            self.naming = naming
        }

        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }

        func integer(_ name: String) throws(Problem) -> Int {
            guard let text = value(name) else { throw Problem(description: "\(naming.option) auto: \(name) is not set.") }
            guard let number = Int(text) else { throw Problem(description: "\(naming.option) auto: \(name)=\(text) is not a whole number.") }
            return number
        }
    }
}
