import Foundation
import TestSupport
import Testing

/// examples/slurm-film.sh as written (its shared folder here), under the
/// stand-in `sbatch` (Tests/StandIns/sbatch: each job run here at once,
/// after the job it depends on ended well): the array renders the 8 parts,
/// the join that depends on it makes the whole film, and the script
/// submitted again (a requeue) skips every part and the film, appending to
/// the results.
@Suite(.tags(.endToEnd))
struct FilmExampleTests {
    @Test func theFilmIsRenderedInPartsAndJoinedAfterThem() throws {
        let scratch = try Scratch()
        let (shared, bin, state) = (scratch.file("shared"), scratch.file("bin"), scratch.file("state"))
        for folder in [shared, bin, state] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Fixtures.make(
            shared.appendingPathComponent("film.mkv"),
            ffmpeg: ["-f", "lavfi", "-i", Media.indexedMotion(rate: 25, seconds: 3), "-f", "lavfi", "-i", Media.tone(rate: 48000, seconds: 3),
                     "-c:v", "libx264", "-c:a", "flac"])
        let script = try String(contentsOf: Repository.file("examples/slurm-film.sh"), encoding: .utf8)
            .replacingOccurrences(of: "/shared", with: shared.path).replacingOccurrences(of: "--preset medium", with: "--preset ultrafast")
        try Data(script.utf8).write(to: scratch.file("slurm-film.sh"))
        try FileManager.default.copyItem(at: Repository.file("Tests/StandIns/sbatch"), to: bin.appendingPathComponent("sbatch"))
        let path = [bin.path, Tool.scaleVideo.deletingLastPathComponent().path, ProcessInfo.processInfo.environment["PATH"] ?? ""]
        let environment = ["PATH=" + path.joined(separator: ":"), "SBATCH_STATE=" + state.path]
        let planned = try Tool.scale([shared.appendingPathComponent("film.mkv").path, "-o", "x.mp4", "--factor", "2", "--motion", "flow",
                                      "--dry-run", "--json", "--quiet"])
        let plan = try #require(try JSONSerialization.jsonObject(with: planned.stdout) as? [String: Any])
        let results = shared.appendingPathComponent("results")

        let first = try Tool.run("/usr/bin/env", environment + ["bash", "slurm-film.sh"], in: scratch.url)
        #expect(first.status == 0, "\(first.stderr)")
        let parts = try Tool.files(in: shared).filter { $0.hasPrefix("film.part-") }
        #expect(parts == (1...8).map { "film.part-\($0)-of-8.mkv" }.sorted())
        var joined = try JSONResults(Data(contentsOf: results.appendingPathComponent("film-join.jsonl"))).objects
        #expect(joined.count == 1 && joined[0]["status"] as? String == "ok", "\(joined)")
        #expect(joined[0]["frames"] as? Int == plan["frames"] as? Int, "\(joined[0])")
        let measured = (joined[0]["audioTracks"] as? [[String: Any]])?.first?["measuredSamples"] as? Int
        #expect(measured != nil && measured == plan["audioSamples"] as? Int, "\(joined[0])")

        let again = try Tool.run("/usr/bin/env", environment + ["bash", "slurm-film.sh"], in: scratch.url)
        #expect(again.status == 0, "\(again.stderr)")
        for task in 0..<8 {
            let lines = try JSONResults(Data(contentsOf: results.appendingPathComponent("film-part-\(task).jsonl"))).objects
            #expect(lines.map { $0["status"] as? String } == ["ok", "skipped"], "task \(task): \(lines)")
        }
        joined = try JSONResults(Data(contentsOf: results.appendingPathComponent("film-join.jsonl"))).objects
        #expect(joined.map { $0["status"] as? String } == ["ok", "skipped"], "\(joined)")
    }

    /// The Kubernetes manifests of the film (its parts' Indexed Job, the
    /// join Job) are valid for the releases the batch's manifest names, and
    /// render the parts with the Slurm example's options, 8 of them.
    @Test(arguments: ["1.29.0", "1.31.0", "1.33.0"])
    func theKubernetesFilmManifestsAreValid(release: String) throws {
        for name in ["kubernetes-film-parts.yaml", "kubernetes-film-join.yaml"] {
            let result = try Tool.run("kubernetes-validate", ["-k", release, "--strict", "--quiet", Repository.file("examples/" + name).path])
            #expect(result.status == 0, "\(name): \(result.text)\(result.stderr)")
        }
        let parts = try String(contentsOf: Repository.file("examples/kubernetes-film-parts.yaml"), encoding: .utf8)
        let slurm = try String(contentsOf: Repository.file("examples/slurm-film.sh"), encoding: .utf8)
        let options = try #require(slurm.split(separator: "\n").first { $0.hasPrefix("options=") }).dropFirst("options=".count)
        #expect(parts.contains(String(options.dropFirst().dropLast())), "\(options)")
        #expect(parts.contains("completions: 8 ") && parts.contains("--part auto --part-count 8"))
    }
}
