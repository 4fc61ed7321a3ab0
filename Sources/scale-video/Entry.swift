import FoundationEssentials
import Glibc
import ScaleVideo

/// Runs `scale-video studio …` as the studio program beside this one,
/// answers `--version`, joins parts (`scale-video join …`), or else runs
/// the command.
@main
enum Entry {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "studio" { runStudio(Array(arguments.dropFirst())) }
        if arguments.prefix(while: { $0 != "--" }).contains("--version") {
            print(Versions.text)
            exit(0)
        }
        // Ctrl-C is caught from the first moment, before the options are read.
        _ = SignalTrap.shared
        if arguments.first == "join" {
            JoinCommand.main(Array(arguments.dropFirst()))
            exit(0)
        }
        ScaleVideoCommand.main()
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
