/// A lane of a job: it reads its stream of the input, scales it in time and
/// writes it to its track of the output, on a queue of its own.
protocol ScalingLane: AnyObject {
    /// Which lane it is, to the gate and the progress meter.
    var lane: Lane { get }
    /// Runs the lane to its end; tells `gate` how far it has written, and
    /// that it is finished when it returns or throws.
    func run(gate: LaneGate, progress: ProgressMeter) throws
}
