import Foundation
import Hummingbird
import ScaleVideo

/// What the page asks for: a file of the folder and the command line's
/// options for it (SPEC §15's controls), checked before they become the
/// engine's request.
struct RenderOptions: Codable, Sendable, Equatable {
    var file: String
    /// The scale factor, or else
    var factor: Double?
    /// the exact duration in seconds, or else
    var duration: Double?
    /// the `--time-map` text.
    var timeMap: String?
    /// `straight` or `smooth`, for a map.
    var curve: String?
    /// `24`, `25`, `30`, `50`, `60` or `source`.
    var fps: String
    /// `nearest`, `blend` or `flow`.
    var motion: String?
    var keepPitch: Bool?
    var reverse: Bool?
    /// `mov`, `mp4`, `mkv` or `webm`.
    var container: String
    /// A render replaces the output of the command line's name; without
    /// it, a render goes to the next free name (RenderNames).
    var replace: Bool?

    static let rates = ["24", "25", "30", "50", "60", "source"]
    static let motions = ["nearest", "blend", "flow"]
    static let containers = ["mov", "mp4", "mkv", "webm"]

    /// The engine's request for the file at `path`, written at `output`
    /// (whose extension names the container), replacing a file there when
    /// `replacing`: rate, target, motion, pitch and direction. Refused (400,
    /// saying why) where the page's options cannot make one, or the request
    /// could not be run (ScaleRequest.usageProblem, in the command line's words).
    func request(path: String, output: String, replacing: Bool = false) throws -> ScaleRequest {
        try check()
        let request = ScaleRequest(
            input: path, output: output, target: try target(), fps: fps == "source" ? .source : .exactly(Rational(parsing: fps)!),
            overwrite: replacing, keepPitch: keepPitch == true, motion: Motion(rawValue: motion ?? "nearest") ?? .nearest,
            reverse: reverse == true, curve: mapText != nil && curve == "smooth" ? .smooth : .linear)
        if let problem = request.usageProblem() { throw HTTPError(.badRequest, message: problem) }
        return request
    }

    /// The name the command line gives the render of the file at `path`
    /// (NAME-scaled.EXT), in `folder`.
    func output(for path: String, in folder: String) -> String {
        folder + "/" + (OutputContainer(rawValue: container) ?? .mov).scaledName(of: path)
    }

    /// `--factor`, `--duration` or `--time-map` as the command line reads
    /// them: a map's knots read by its reader (TimeMap), refused (400) in its words.
    private func target() throws -> Retime.Target {
        if let factor { return .factor(Rational(parsing: Self.decimal(factor)) ?? .zero) }
        if let duration { return .duration(Rational(parsing: Self.decimal(duration)) ?? .zero) }
        do throws(TimeMapError) {
            return .timeMap(try TimeMap(list: mapText ?? "", fps: Rational(1000, 1)!))
        } catch {
            throw HTTPError(.badRequest, message: error.description)
        }
    }

    /// Refuses (400, saying why) options the page cannot have given: a
    /// choice not offered, not exactly one of factor, duration and timeMap,
    /// a number out of its range, a map that is not knots.
    func check() throws {
        try choice(container, Self.containers, "container")
        try choice(fps, Self.rates, "fps")
        let given = [factor != nil, duration != nil, timeMap != nil].filter { $0 }.count
        guard given == 1 else { throw HTTPError(.badRequest, message: "give one of factor, duration and timeMap") }
        if let factor, !(factor.isFinite && factor > 0 && factor <= 1000) {
            throw HTTPError(.badRequest, message: "factor must be above 0, at most 1000")
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= 1_000_000) {
            throw HTTPError(.badRequest, message: "duration must be a number of seconds above 0")
        }
        if timeMap != nil {
            guard let text = mapText, text.utf8.count <= 20_000, text.allSatisfy({ "0123456789.=,:- ".contains($0) }) else {
                throw HTTPError(.badRequest, message: "timeMap holds knots s=d separated by commas")
            }
        }
        // Checked with or without a map: whatever a render keeps of its options is an answer the API documents.
        if let curve { try choice(curve, ["straight", "smooth"], "curve") }
        if let motion { try choice(motion, Self.motions, "motion") }
    }

    /// The map's knots on one line, as `--time-map` takes them; nil without a map, or when it is empty.
    var mapText: String? {
        timeMap.map { $0.split(whereSeparator: \.isNewline).joined(separator: ",") }.flatMap { $0.isEmpty ? nil : $0 }
    }

    private func choice(_ value: String, _ allowed: [String], _ name: String) throws {
        guard allowed.contains(value) else {
            throw HTTPError(.badRequest, message: "\(name) must be one of \(allowed.joined(separator: ", "))")
        }
    }

    /// A number as the command line reads it, without an exponent.
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.9f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
