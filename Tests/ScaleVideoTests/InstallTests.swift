import Foundation
import TestSupport
import Testing

/// Shell completions and scripts/install.sh, run on the built command (the
/// script's own release build is skipped with --binary, to keep the suite fast).
@Suite(.tags(.endToEnd))
struct InstallTests {
    /// Each shell's script generates and offers every option; bash's
    /// completes an option's name and its values when run.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsGenerate(shell: String) throws {
        let result = try Tool.scale(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        let help = try Tool.scale(["--help"]).text
        for option in help.matches(of: /\n  (?:-\w, )?--([a-z-]+)/).map({ String($0.output.1) }) {
            #expect(result.text.contains(option), "\(shell) script lacks --\(option)")
        }
        guard shell == "bash" else { return }
        let scratch = try Scratch()
        let script = scratch.file("scale-video.bash")
        try result.stdout.write(to: script)
        #expect(try Tool.run("bash", ["-n", script.path]).status == 0)
        #expect(try complete(script, ["--dur"]) == ["--duration"])
        #expect(try complete(script, ["--progress", ""]) == ["auto", "lines", "json", "none"])
    }

    /// Installs into a prefix that already holds other files and an empty
    /// man folder, twice (an upgrade), checks what was put there (the
    /// installed command finds the flow library in lib/scale-video, and its
    /// studio serves the page from share/scale-video/studio), and
    /// uninstalls: the prefix is as it was, file for file and folder for folder.
    @Test func installThenUninstallLeavesThePrefixAsFound() throws {
        let scratch = try Scratch()
        let prefix = scratch.file("prefix")
        let manFolder = prefix.appendingPathComponent("share/man/man1")
        try FileManager.default.createDirectory(at: manFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: prefix.appendingPathComponent("bin/other-tool"))
        let before = try snapshot(prefix)

        for _ in 0..<2 {
            let installed = try install(["--binary", Tool.scaleVideo.path, prefix.path])
            #expect(installed.status == 0, "\(installed.stderr)")
        }
        let command = prefix.appendingPathComponent("bin/scale-video")
        #expect(try Tool.run(command.path, ["--version"]).text == Tool.scale(["--version"]).text)
        let flowLibrary = "libScaleVideoFlow.so"
        #expect(
            try Data(contentsOf: prefix.appendingPathComponent("lib/scale-video/\(flowLibrary)"))
                == Data(contentsOf: Tool.scaleVideo.deletingLastPathComponent().appendingPathComponent(flowLibrary)))
        try Fixtures.make(scratch.file("in.mp4"), ffmpeg: ["-f", "lavfi", "-i", "testsrc2=s=64x64:r=10:d=0.5", "-pix_fmt", "yuv420p"])
        let flow = try Tool.run(command.path, ["in.mp4", "-o", "flow.mov", "--factor", "2", "--motion", "flow", "--quiet"], in: scratch.url)
        #expect(flow.status == 0, "\(flow.stderr)")
        let studio = try StudioServer(folder: scratch.url, program: command)
        #expect(try studio.ask("/").text.contains("data-test=\"render\""), "the installed studio serves its page")
        #expect(try studio.ask("/page/studio.js").status == 200)
        #expect(studio.stop() == 130)
        #expect(
            try Data(contentsOf: prefix.appendingPathComponent("share/doc/scale-video/LICENSE"))
                == Data(contentsOf: Repository.file("LICENSE")), "the licence is installed with the program")
        #expect(
            try Data(contentsOf: manFolder.appendingPathComponent("scale-video.1"))
                == Data(contentsOf: Repository.file("man/scale-video.1")))
        for (shell, path) in [
            ("bash", "share/bash-completion/completions/scale-video"), ("zsh", "share/zsh/site-functions/_scale-video"),
            ("fish", "share/fish/vendor_completions.d/scale-video.fish"),
        ] {
            let script = try Data(contentsOf: prefix.appendingPathComponent(path))
            #expect(script == (try Tool.scale(["--generate-completion-script", shell]).stdout), "\(path)")
        }

        let removed = try install(["--uninstall", prefix.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try snapshot(prefix) == before)
    }

    /// A prefix that did not exist is gone again after uninstalling.
    @Test func uninstallRemovesAPrefixTheInstallMade() throws {
        let scratch = try Scratch()
        let prefix = scratch.file("new-prefix")
        #expect(try install(["--binary", Tool.scaleVideo.path, prefix.path]).status == 0)
        #expect(try install(["--uninstall", prefix.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: prefix.path))
        #expect(try Tool.files(in: scratch.url).isEmpty)
    }

    /// --binary installs the studio's program and the flow library beside
    /// the command given, and refuses a command without either.
    @Test func aBinaryWithoutItsFlowLibraryIsRefused() throws {
        let scratch = try Scratch()
        let binary = scratch.file("scale-video")
        try FileManager.default.copyItem(at: Tool.scaleVideo, to: binary)
        let alone = try install(["--binary", binary.path, scratch.file("prefix").path])
        #expect(alone.status == 1 && alone.stderr.contains("scale-video-studio"), "\(alone.stderr)")
        let studio = Tool.scaleVideo.deletingLastPathComponent().appendingPathComponent("scale-video-studio")
        try FileManager.default.copyItem(at: studio, to: scratch.file("scale-video-studio"))
        let result = try install(["--binary", binary.path, scratch.file("prefix").path])
        #expect(result.status == 1 && result.stderr.contains("libScaleVideoFlow.so"), "\(result.stderr)")
    }

    @Test func badUsageExits64() throws {
        #expect(try install(["--binary"]).status == 64)
        #expect(try install(["--uninstall", "--binary", Tool.scaleVideo.path, "/tmp/x"]).status == 64)
        #expect(try install(["a", "b"]).status == 64)
    }

    private func install(_ arguments: [String]) throws -> ProcessOutput {
        try Tool.run("bash", [Repository.file("scripts/install.sh").path] + arguments)
    }

    /// Every path under `folder` with its kind and, for a file, its bytes.
    private func snapshot(_ folder: URL) throws -> [String: Data?] {
        var entries: [String: Data?] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        while let path = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            let isFolder = (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory ?? false
            entries[path] = isFolder ? nil : try Data(contentsOf: url)
        }
        return entries
    }

    /// What bash's completion function offers after `scale-video` + `words`.
    private func complete(_ script: URL, _ words: [String]) throws -> [String] {
        let quoted = (["scale-video"] + words).map { "'\($0)'" }.joined(separator: " ")
        let program = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count)
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _scale-video scale-video "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Tool.run("bash", ["-c", program])
        return result.text.split(separator: "\n").map(String.init)
    }
}
