import Foundation
import ScaleVideo

/// The plans the page asks for as its controls move, made in the server by
/// the engine's own planning (ScaleJob.plan, JobPlan) and written as the
/// engine's `--dry-run --json` writes them (ResultJSON): an answer in
/// milliseconds, where a run of the engine first spends tens of them
/// starting. Options the command line would refuse before planning, a plan
/// refused, or one with warnings are left to the engine, for its own words.
enum QuickPlans {
    /// The plan of `options` for the file at `path`, writing into
    /// `outputFolder` (an output already there is the render's matter, not
    /// the plan's); nil where the engine is to plan it.
    static func plan(_ options: RenderOptions, path: String, outputFolder: String) async -> Data? {
        guard let request = request(options, path: path, outputFolder: outputFolder) else { return nil }
        return try? await offThePool {
            var warned = false
            let plan = try ScaleJob(request: request).plan(warning: { _ in warned = true })
            guard !warned else { throw Warned() }
            var line = JSONLine()
            line.add("input", request.input)
            line.add("output", request.output)
            line.add("status", "planned")
            line.add(contentsOf: ResultJSON.plan(plan))
            return Data((line.text + "\n").utf8)
        }
    }

    /// A plan that warned: the engine words its warnings.
    private struct Warned: Error {}

    /// The request the engine makes of the arguments `options` gives it
    /// (RenderOptions.arguments, whose checks they pass first), without the
    /// checks of their words that only the command line makes; nil where
    /// one of those applies.
    static func request(_ options: RenderOptions, path: String, outputFolder: String) -> ScaleRequest? {
        guard (try? options.check()) != nil, let container = OutputContainer(rawValue: options.container),
            let motion = Motion(rawValue: options.motion ?? "nearest"),
            let fps: FrameRate = options.fps == "source" ? .source : Rational(parsing: options.fps).map(FrameRate.exactly),
            let target = target(options, fps: fps)
        else { return nil }
        return ScaleRequest(
            input: path, output: outputFolder + "/" + container.scaledName(of: path), target: target, fps: fps, overwrite: true,
            keepPitch: options.keepPitch == true, motion: motion, reverse: options.reverse == true,
            curve: options.curve == "smooth" ? .smooth : .linear)
    }

    /// `--factor`, `--duration` or `--time-map` as the command line reads
    /// them (a map's knots checked at the rate asked for, or 1000 fps for
    /// the source's); nil for what it refuses before planning: a map with
    /// `--reverse`, knots it cannot take.
    private static func target(_ options: RenderOptions, fps: FrameRate) -> Retime.Target? {
        if let factor = options.factor { return Rational(parsing: RenderOptions.decimal(factor)).map(Retime.Target.factor) }
        if let duration = options.duration { return Rational(parsing: RenderOptions.decimal(duration)).map(Retime.Target.duration) }
        guard options.reverse != true, let text = options.mapText else { return nil }
        let rate: Rational = if case .exactly(let rate) = fps { rate } else { Rational(1000, 1)! }
        return (try? TimeMap(list: text, fps: rate)).map(Retime.Target.timeMap)
    }
}
