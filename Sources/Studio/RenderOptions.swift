import Foundation
import Hummingbird

/// What the page asks for: a file of the folder and the command line's
/// options for it (SPEC §15's controls), checked before they become
/// arguments of the engine.
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

    static let rates = ["24", "25", "30", "50", "60", "source"]
    static let motions = ["nearest", "blend", "flow"]
    static let containers = ["mov", "mp4", "mkv", "webm"]

    /// The engine's arguments for `path`, writing into `outputFolder`.
    func arguments(path: String, outputFolder: String) throws -> [String] {
        var arguments = [path, "--output-dir", outputFolder, "--container", try choice(container, Self.containers, "container")]
        arguments += ["--fps", try choice(fps, Self.rates, "fps")]
        arguments += try target()
        if let motion { arguments += ["--motion", try choice(motion, Self.motions, "motion")] }
        if keepPitch == true { arguments.append("--keep-pitch") }
        if reverse == true { arguments.append("--reverse") }
        return arguments
    }

    /// `--factor`, `--duration` or `--time-map` (with `--curve`): exactly one.
    private func target() throws -> [String] {
        let given = [factor != nil, duration != nil, timeMap != nil].filter { $0 }.count
        guard given == 1 else { throw HTTPError(.badRequest, message: "give one of factor, duration and timeMap") }
        if let factor {
            guard factor.isFinite, factor > 0, factor <= 1000 else { throw HTTPError(.badRequest, message: "factor must be above 0, at most 1000") }
            return ["--factor", Self.decimal(factor)]
        }
        if let duration {
            guard duration.isFinite, duration > 0, duration <= 1_000_000 else {
                throw HTTPError(.badRequest, message: "duration must be a number of seconds above 0")
            }
            return ["--duration", Self.decimal(duration)]
        }
        let text = (timeMap ?? "").split(whereSeparator: \.isNewline).joined(separator: ",")
        guard !text.isEmpty, text.utf8.count <= 20_000, text.allSatisfy({ "0123456789.=,:- ".contains($0) }) else {
            throw HTTPError(.badRequest, message: "timeMap holds knots s=d separated by commas")
        }
        let smooth = try choice(curve ?? "straight", ["straight", "smooth"], "curve") == "smooth"
        return ["--time-map", text] + (smooth ? ["--curve", "smooth"] : [])
    }

    private func choice(_ value: String, _ allowed: [String], _ name: String) throws -> String {
        guard allowed.contains(value) else {
            throw HTTPError(.badRequest, message: "\(name) must be one of \(allowed.joined(separator: ", "))")
        }
        return value
    }

    /// A number as the command line reads it, without an exponent.
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.9f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
