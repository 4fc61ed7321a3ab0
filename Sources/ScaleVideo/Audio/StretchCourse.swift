/// Where a real-time stretcher should put each source frame, and the time
/// ratio that keeps it there, hop by hop.
///
/// Positions count the stretcher's own input and output: the plan's source
/// from its first kept sample, and its output without the freezes (silence
/// added beside the stretcher). The course is piecewise linear: segment j
/// takes its κ source frames to its ℓ output frames.
///
/// Rubber Band's real-time stretcher aims each analysis hop at the output
/// frame it expects from the ratios it was given: from the hop where a new
/// ratio is first seen, `checkpoint + (q − at) · ratio`, rounded. The course
/// keeps the same account, and at each hop asks for the ratio that brings
/// that aim back onto the plan by the end of the current segment, so an
/// error made where a hop straddles a segment boundary is not carried on.
struct StretchCourse {
    /// A segment's end, in source frames and in output frames, and its own ratio ℓ / κ.
    private struct Leg {
        let sourceEnd: Int
        let outputEnd: Int
        let ratio: Double
    }

    private let legs: [Leg]
    /// The leg the last hop fell in; hops only move forward.
    private var current = 0
    /// The stretcher's account: from source frame `checkpoint.at` on, it aims
    /// at `checkpoint.output + (q − at) · ratio`.
    private var checkpoint = (at: 0, output: 0.0)
    private(set) var ratio: Double
    /// Output frames of the stretched segments together.
    let length: Int

    /// The shortest stretch, in source frames, over which an error is made good.
    private static let horizon = 4096
    /// Ratios are kept within these, whatever a segment asks, so that a
    /// segment too short to hold an output frame still moves the stretcher
    /// on; a hundred times either way is honoured (the ffmpeg CLI's
    /// rubberband filter allows as much).
    private static let ratioRange = 1.0 / 1000...1000.0

    /// - Parameter plan: the segments; freezes (κ = 0) are left to the caller.
    init(plan: AudioMapPlan) {
        var legs: [Leg] = []
        var source = 0
        var output = 0
        for segment in plan.segments where segment.count > 0 {
            source += segment.count
            output += segment.length
            let ratio = Double(segment.length) / Double(segment.count)
            legs.append(Leg(sourceEnd: source, outputEnd: output, ratio: ratio.clamped(to: Self.ratioRange)))
        }
        self.legs = legs
        length = output
        ratio = legs.first?.ratio ?? 1
    }

    /// Whether anything is stretched at all: false for a plan of freezes alone.
    var isEmpty: Bool { length == 0 }

    /// The output frame the plan puts source frame `q` of the current leg at
    /// (past the end, at the last leg's ratio).
    private func planned(_ q: Int) -> Double {
        let leg = legs[current]
        let start = current == 0 ? (source: 0, output: 0) : (source: legs[current - 1].sourceEnd, output: legs[current - 1].outputEnd)
        return Double(start.output) + Double(q - start.source) * leg.ratio
    }

    /// The output frame the stretcher aims source frame `q` at, with the ratios given so far.
    private func aimed(_ q: Int) -> Double {
        (checkpoint.output + Double(q - checkpoint.at) * ratio).rounded()
    }

    /// The ratio for the analysis hop centred on source frame `q`, or nil
    /// to keep the one given; the course then accounts for it from `q` on.
    mutating func ratio(forHopAt q: Int) -> Double? {
        while current < legs.count - 1 && q >= legs[current].sourceEnd { current += 1 }
        let leg = legs[current]
        let error = planned(q) - aimed(q)
        var wanted = leg.ratio
        if abs(error) >= 1 {
            let span = max(leg.sourceEnd - q, Self.horizon)
            wanted = (leg.ratio + error / Double(span)).clamped(to: (leg.ratio / 2)...(leg.ratio * 2))
        }
        guard wanted != ratio else { return nil }
        checkpoint = (at: q, output: aimed(q))
        ratio = wanted
        return wanted
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
