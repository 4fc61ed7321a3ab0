import Foundation
import ScaleVideo
import TestSupport
import Testing

/// `scale-video --version`: the release, the FFmpeg libraries the process
/// runs with, judged against what the ffmpeg command (linked to the same
/// shared libraries) reports, and Rubber Band's release as pkg-config has it
/// with the library file the dynamic linker gives the binary (ldd).
@Suite(.tags(.endToEnd))
struct VersionTests {
    @Test func versionNamesTheReleaseAndTheLoadedLibraries() throws {
        let result = try Tool.scale(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.text.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(lines)")
        #expect(lines[0] == "scale-video \(Versions.release)")
        #expect(lines[0].wholeMatch(of: /scale-video \d+\.\d+\.\d+/) != nil)

        // ffmpeg -version: "ffmpeg version 5.1.9-0+deb12u1 Copyright …", then
        // "libavutil      57. 28.100 / 57. 28.100" (built with / running with).
        let ffmpeg = try Tool.run("ffmpeg", ["-hide_banner", "-version"]).text.split(separator: "\n")
        let release = try #require(ffmpeg.first?.split(separator: " ").dropFirst(2).first)
        let running = Dictionary(uniqueKeysWithValues: ffmpeg.compactMap { line -> (String, String)? in
            let halves = line.split(separator: "/")
            guard line.hasPrefix("lib"), halves.count == 2, let name = line.split(separator: " ").first else { return nil }
            return (String(name), halves[1].filter { !$0.isWhitespace })
        })
        let libraries = ["libavutil", "libavcodec", "libavformat", "libavfilter", "libswscale", "libswresample"]
        let expected = "FFmpeg \(release) (" + libraries.map { "\($0) \(running[$0] ?? "?")" }.joined(separator: ", ") + ")"
        #expect(lines[1] == expected)

        // pkg-config: "3.1.2"; ldd: "librubberband.so.2 => /lib/x86_64-linux-gnu/librubberband.so.2 (0x…)".
        let rubberBand = try Tool.run("pkg-config", ["--modversion", "rubberband"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(rubberBand.wholeMatch(of: /\d+\.\d+\.\d+/) != nil)
        let linked = try Tool.run("ldd", [Tool.scaleVideo.path]).text.split(separator: "\n").first { $0.contains("librubberband") }
        let path = try #require(linked?.split(separator: " ").first { $0.hasPrefix("/") }, "\(String(describing: linked))")
        let file = URL(fileURLWithPath: String(path)).resolvingSymlinksInPath().lastPathComponent
        #expect(file.hasPrefix("librubberband.so."))
        #expect(lines[2] == "Rubber Band \(rubberBand) (built with; runs \(file))")

        // FFmpeg's configuration line names --enable-gpl for a build whose licence is the GPL.
        let configuration = try Tool.run("ffmpeg", ["-hide_banner", "-buildconf"]).text
        #expect(configuration.contains("--enable-gpl"))
        #expect(lines[3].hasPrefix("Licence: GPL-2.0-or-later (see LICENSE); it links FFmpeg (GPL version 2 or later)"), "\(lines[3])")
        let licence = try String(contentsOf: Repository.file("LICENSE"), encoding: .utf8)
        #expect(licence.contains("GNU GENERAL PUBLIC LICENSE\n                       Version 2, June 1991"))
    }
}
