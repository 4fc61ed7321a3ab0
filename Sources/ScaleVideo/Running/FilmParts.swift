import FoundationEssentials
import Glibc
import Timing

/// One film over many machines (SPEC §16): a part of a render written
/// alone, and the parts joined into the whole.
extension ScaleJob {
    /// Renders `part` of `plan`: only its output frames, each the picture
    /// the whole render makes there, encoded as the whole render encodes
    /// them, without sound, into the request's output (a Matroska file,
    /// FilmPart.path) with its manifest; put in place once read back whole.
    func writePart(
        _ part: FilmPart, of plan: JobPlan, startedAt started: Date, progress: @escaping @Sendable (JobProgress) -> Void,
        warning: @escaping @Sendable (String) -> Void
    ) throws -> ScaleResult {
        guard let video = plan.video else { throw ScaleError.failed("--part splits the picture, and the output has none") }
        let frames = part.frames(of: plan.frames)
        let manifest = PartManifest(
            digest: digest(of: plan),
            part: part.number, parts: part.count, first: frames.lowerBound, end: frames.upperBound, frames: plan.frames,
            request: request.planned)
        let measured = try writeAlone(
            video, of: plan, frames: frames, to: request.output, named: "part", tags: [Tag(PartManifest.tag, manifest.text)], progress: progress,
            warning: warning)
        var result = ScaleResult(
            output: request.output, sourceDuration: plan.scale.sourceDuration.doubleValue,
            duration: Double(frames.count) / plan.fps.doubleValue, timeMap: plan.timeMap, fps: plan.fps, frames: frames.count,
            motion: plan.motion, videoCodec: plan.videoCodec, proResProfile: plan.proResProfile, audioCodec: nil, audioTracks: [],
            keepsPitch: false, seconds: Date().timeIntervalSince(started), measured: measured, carryover: plan.carryover)
        result.part = manifest
        result.cuts = cutsFound(by: plan)
        return result
    }

    /// Joins `parts` (part files, in any order) into `plan`'s output: their
    /// video copied in order, everything else made from the source as the
    /// whole render makes it, the file put in place once read back whole.
    /// Refused, naming the part, unless they are every part of this plan once.
    public func join(
        _ plan: JobPlan, parts: [String], startedAt started: Date = Date(),
        progress: @escaping @Sendable (JobProgress) -> Void = { _ in }, warning: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ScaleResult {
        let manifests = try parts.map { (path: $0, manifest: try PartManifest.read($0)) }
        let ordered = try PartManifest.ordered(manifests)
        let first = manifests[0].manifest
        guard digest(of: plan) == first.digest else {
            throw ScaleError.failed(
                "the parts are not of this render: their source, options or release differ from what it plans (\(plan.frames) frames)")
        }
        let firsts = try ordered.map { path, manifest in
            let frames = FilmPart.frames(ofPart: manifest.part, of: manifest.parts, in: plan.frames)
            guard frames == manifest.first..<manifest.end else { throw ScaleError.failed("\(path) holds other frames than its part's") }
            return (path: path, first: manifest.first)
        }
        let measured = try execute(plan, parts: firsts, progress: progress, warning: warning)
        return result(of: plan, measured: measured, startedAt: started)
    }

    /// The digest of `plan`, the request's, which its parts share.
    func digest(of plan: JobPlan) -> String {
        FilmPart.digest(request: request, sourceBytes: Self.bytes(of: request.input), plan: plan)
    }

    /// The size in bytes of the file at `path`; 0 where it cannot be read.
    static func bytes(of path: String) -> Int64 {
        var status = stat()
        return stat(path, &status) == 0 ? Int64(status.st_size) : 0
    }
}

extension FilmPart {
    /// The digest of the plan of `request` it is a part of: the tool's
    /// release, what decides the plan (ScaleRequest.planned, but for the
    /// source's path, which may move), the source's size in bytes, and the
    /// output's container, frames and rate; parts of one plan share it
    /// (FNV-1a, 64 bits, in hex).
    static func digest(request: ScaleRequest, sourceBytes: Int64, plan: JobPlan) -> String {
        var planned = request.planned
        planned.input = ""
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let options = String(decoding: (try? encoder.encode(planned)) ?? Data(), as: UTF8.self)
        let facts = ["\(sourceBytes)", plan.container.rawValue, "\(plan.frames)", "\(plan.fps)"]
        return String(FNV1a.hash(([Versions.release, options] + facts).joined(separator: "\u{0}")), radix: 16)
    }
}
