import Foundation
import ScaleVideo

/// The plans the page asks for as its controls move, made in the server by
/// the engine's own planning (ScaleJob.plan, JobPlan) of the request the
/// engine would be handed (RenderOptions.request), and written as the
/// engine's `--dry-run --json` writes them (ResultJSON): an answer in
/// milliseconds, where a run of the engine first spends tens of them
/// starting. A plan refused, or one with warnings, is left to the engine,
/// for its own words.
enum QuickPlans {
    /// The plan of `request`; nil where the engine is to plan it.
    static func plan(_ request: ScaleRequest) async -> Data? {
        try? await offThePool {
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
}
