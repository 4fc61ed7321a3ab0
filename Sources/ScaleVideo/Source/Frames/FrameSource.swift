/// Where a video lane's decoded frames come from, one at a time, in the
/// order the lane is to show them: forward from the file (StreamDecoder),
/// or backward, a key-frame interval at a time (BackwardFrames).
protocol FrameSource: AnyObject {
    /// The stream the frames are decoded from.
    var stream: Stream { get }
    /// The decoder, whose context describes the pictures.
    var decoder: Decoder { get }
    /// The next frame, valid until the next call; nil at the end.
    func nextFrame() throws -> Frame?
    /// No frame is wanted any more: nothing more is read for them.
    func close()
}

extension StreamDecoder: FrameSource {}
