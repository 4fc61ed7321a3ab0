import FoundationEssentials
import Glibc
import ScaleVideo

/// Runs `scale-video studio …` as the studio program beside this one, or
/// else the command.
@main
enum Entry {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "studio" { runStudio(Array(arguments.dropFirst())) }
        // Ctrl-C is caught from the first moment, before the options are read.
        _ = SignalTrap.shared
        ScaleVideoCommand.main()
    }

    /// Replaces this process with `scale-video-studio ARGUMENTS`.
    static func runStudio(_ arguments: [String]) -> Never {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let folder = count > 0 ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let studio = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]) + "/scale-video-studio"
        let argv = ([studio] + arguments).map { strdup($0) } + [nil]
        execv(studio, argv)
        Diagnostics.line("scale-video studio: cannot run \(studio) (\(String(cString: strerror(errno)))); it is installed beside scale-video")
        exit(1)
    }
}
