import ArgumentParser

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

    @Flag(help: "Skip an input whose output already exists complete: it holds every frame and audio sample this command plans, read back from the file. Any other file at the output path is replaced. Run a batch that was killed again with this to finish the rest.")
    var skipExisting = false

    func validate() throws {
        if null && inputsFrom == nil { throw ValidationError("--null describes the --inputs-from list; give --inputs-from too.") }
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
