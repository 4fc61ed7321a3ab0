import ArgumentParser
import FoundationEssentials
import Glibc
import ScaleVideo

/// Runs `scale-video studio …` as the studio program beside this one,
/// answers `--version`, `-h` and `--help` (HelpScreens), joins parts
/// (`scale-video join …`), runs a request (`scale-video request …`), or
/// else runs the command.
@main
enum Entry {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "studio" { runStudio(Array(arguments.dropFirst())) }
        let options = arguments.prefix(while: { $0 != "--" })
        if options.contains("--version") {
            print(Versions.text)
            exit(0)
        }
        let subcommands: [String: any ParsableCommand.Type] = ["join": JoinCommand.self, "request": RequestCommand.self]
        let command = arguments.first.flatMap { subcommands[$0] }
        if command == nil {
            if options.contains("-h") { answer(HelpScreens.short) }
            if options.contains("--help") { answer(HelpScreens.long) }
        }
        // Ctrl-C is caught from the first moment, before the options are read.
        _ = SignalTrap.shared
        if let command {
            command.main(Array(arguments.dropFirst()))
            exit(0)
        }
        ScaleVideoCommand.main()
    }

    /// Prints `text` on standard output and exits 0.
    static func answer(_ text: String) -> Never {
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        exit(0)
    }

    /// Replaces this process with `scale-video-studio ARGUMENTS`.
    static func runStudio(_ arguments: [String]) -> Never {
        let studio = runningProgramFolder() + "/scale-video-studio"
        let argv = ([studio] + arguments).map { strdup($0) } + [nil]
        execv(studio, argv)
        let reason = String(cString: strerror(errno))
        Diagnostics.line("scale-video studio: cannot run \(studio) (\(reason)); \(commandThatBuilds("scale-video-studio"))")
        exit(1)
    }
}
