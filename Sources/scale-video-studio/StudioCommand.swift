import ArgumentParser
import Foundation
import ScaleVideo
import Studio

/// `scale-video studio` (this program, which `scale-video` runs for it):
/// the page over the same engine (SPEC §15), the `scale-video` beside it.
/// A program of its own, so the command alone loads neither Foundation nor
/// the server.
@main
struct StudioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale-video studio",
        abstract: "See and steer a retime in the browser before it renders.",
        discussion: """
            Serves a local web page over the folder's media files: play a file and \
            its sound's decibel bars, set the factor or duration, frame rate, motion, \
            pitch, reverse, container or a speed map, read the exact plan (as \
            --dry-run --json), render with progress and cancel, and play the result \
            beside the source. It prints the page's address with its access token \
            and serves until Ctrl-C, which cancels a render under way. Renders go to \
            --output-dir (default FOLDER/scaled) under the command line's names, and \
            the list of renders survives a restart.

            Example:
              scale-video studio Samples
            """)

    @Argument(help: "The folder whose media files the page lists (default: the current folder).", completion: .directory)
    var folder: String = "."

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "n"))
    var port: Int = 0

    @Option(help: ArgumentHelp("The address to listen on, which is also the one the page must be opened at (requests naming another Host are refused). Default: the loopback address alone (127.0.0.1).", valueName: "addr"))
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("Where renders are written. Default: FOLDER/scaled.", valueName: "dir"), completion: .directory)
    var outputDir: String?

    @Option(help: ArgumentHelp("The largest file the page may upload, in MiB.", valueName: "MiB"))
    var maxUpload: Int = 4096

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard maxUpload > 0 else { throw ValidationError("--max-upload must be at least 1 (MiB).") }
        // The page is refused under any other Host than the address served (DNS rebinding).
        guard !["0.0.0.0", "::", "[::]"].contains(host) else {
            throw ValidationError("--host must be the address the page is opened at, not a wildcard such as \(host).")
        }
    }

    func run() async throws {
        FFmpegLog.silence()
        let engine = runningProgramFolder() + "/scale-video"
        do {
            let status = try await Studio.serve(
                StudioOptions(
                    folder: folder, outputFolder: outputDir, host: host, port: port, engine: engine, uploadLimit: maxUpload << 20))
            throw ExitCode(status)
        } catch let error as ExitCode {
            throw error
        } catch {
            FileHandle.standardError.write(Data("scale-video studio: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
