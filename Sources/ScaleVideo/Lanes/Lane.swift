/// One lane of a job: it fills one track of the output, from reading its
/// stream of the input to handing packets to the muxer, a step at a time.
/// A scheduler runs any number of lanes side by side, each on a thread of
/// its own; a lane is used by one thread at a time.
protocol Lane: AnyObject {
    /// Does the next piece of work (a frame read, and all it lets the lane
    /// make, encode and write), telling `report` after each piece of output;
    /// false once the track is complete and flushed. `report` may throw to
    /// stop the lane.
    func step(report: (LaneProgress) throws -> Void) throws -> Bool
}

/// A lane whose packets are few and far between (a subtitle track): it
/// waits for them as the other lanes read the input, so they never wait
/// for it, and its share of the work is not counted in the job's progress.
protocol SparseLane: Lane {}

/// A lane that fills an encoded track of the output.
protocol TrackLane: Lane {
    var track: EncodedTrack { get }
}

/// How far a lane has come.
struct LaneProgress {
    /// Where its track is written up to, in seconds of output time.
    let writtenUpTo: Double
    /// The share of its own work done, 0 to 1.
    let done: Double
}
