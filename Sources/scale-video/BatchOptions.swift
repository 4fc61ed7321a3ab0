import ArgumentParser
import FoundationEssentials

/// Where a batch's inputs come from besides the command line, and which
/// of them are done.
struct BatchOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Also read inputs from this file, one path a line (empty lines are ignored), after those on the command line; - reads standard input. For lists of any length: the paths never meet the system's limit on arguments.",
            valueName: "file"),
        completion: .file())
    var inputsFrom: String?

    @Flag(help: "The --inputs-from list separates paths with NUL characters, as find -print0 writes them, so a path may hold any character but NUL.")
    var null = false

    @Flag(help: "Skip an input whose output already exists complete: it holds every frame and audio sample this command plans, read back from the file. Any other file at the output path is made anew (not with --overwrite). To finish a batch that was killed, run the same command again with this.")
    var skipExisting = false

    @Option(
        help: ArgumentHelp(
            "Do only the inputs of shard i of n, counted from 1 (1/4 … 4/4). An input's shard is decided by its path alone, so n processes given the same inputs, each its own shard, do every input once between them. auto takes it from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, 0 to n-1) or a Slurm job array (SLURM_ARRAY_TASK_ID modulo n, so any n consecutive tasks, 1-n or 0-(n-1), are the n shards), with --shard-count n: a task resubmitted alone, or in a list, does its own shard.",
            valueName: "i/n|auto"))
    var shard: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --shard auto: how many shards the batch has (a Kubernetes Job's completions; a Slurm array's tasks, whose lowest to highest may span no more than n).", valueName: "n"))
    var shardCount: Int?

    @Option(
        help: ArgumentHelp(
            "Render only part k of n of the output's frames, counted from 1, into NAME.part-k-of-n.mkv beside the output (one input only): its run of frames, each the frame the whole render makes there, encoded as the whole render encodes them, without sound, with a manifest; `scale-video join` makes the whole render of the n parts. auto takes k from a Kubernetes Indexed Job or a Slurm job array, as --shard auto does, with --part-count n.",
            valueName: "k/n|auto"))
    var part: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --part auto: how many parts the film is rendered in.", valueName: "n"))
    var partCount: Int?

    func validate() throws {
        if null && inputsFrom == nil { throw ValidationError("--null describes the --inputs-from list; give --inputs-from too.") }
        if let partCount {
            guard part == "auto" else { throw ValidationError("--part-count goes with --part auto; otherwise give --part k/n.") }
            guard partCount >= 1 else { throw ValidationError("--part-count must be at least 1.") }
        }
        _ = try selectedPart()
        if let shardCount {
            guard shard == "auto" else { throw ValidationError("--shard-count goes with --shard auto; otherwise give --shard i/n.") }
            guard shardCount >= 1 else { throw ValidationError("--shard-count must be at least 1.") }
        }
        _ = try selectedShard()
    }

    /// The shard asked for, read from the environment for `auto`; nil for all inputs.
    func selectedShard() throws -> Shard? {
        guard let shard else { return nil }
        do throws(Shard.Problem) {
            if shard == "auto" { return try Shard.automatic(environment: ProcessInfo.processInfo.environment, count: shardCount) }
            return try Shard(parsing: shard)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The part asked for (its number and count), read from the environment for `auto`; nil for the whole render.
    func selectedPart() throws -> Shard? {
        guard let part else { return nil }
        do throws(Shard.Problem) {
            if part == "auto" {
                return try Shard.automatic(environment: ProcessInfo.processInfo.environment, count: partCount, naming: .part)
            }
            return try Shard(parsing: part, naming: .part)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The inputs on the command line followed by those of the list.
    func inputs(after positional: [String]) throws -> [String] {
        guard let inputsFrom else { return positional }
        do {
            return positional + (try InputList.read(inputsFrom, separator: null ? 0 : UInt8(ascii: "\n")))
        } catch {
            throw ValidationError("--inputs-from \(inputsFrom): \(error)")
        }
    }
}
