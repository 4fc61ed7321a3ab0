/// How output frames are made from source frames (SPEC §9).
public enum Motion: String, Sendable, CaseIterable, Codable {
    /// Sample and hold (§4): each output frame shows one source frame as it is.
    case nearest
    /// Crossfades the two frames around each output instant where slower, and
    /// averages the frames an output frame spans where faster.
    case blend
    /// Motion-compensated in-between pictures where slower (optical flow
    /// both ways, OpticalFlowInBetweens); as `blend` where faster.
    case flow
}
