/// The picture of one output frame, kept in RGB as the video lane makes it,
/// before it is encoded: what `--still` saves (SPEC §15's still frame at
/// the cursor).
final class StillCapture {
    /// The output frame wanted, counted from 0.
    let frame: Int
    /// Its picture, once the lane has made it.
    private(set) var image: RGBImage?

    init(frame: Int) {
        self.frame = frame
    }

    /// Whether the picture of output frames `frames` is the one still wanted.
    func wants(_ frames: Range<Int>) -> Bool { image == nil && frames.contains(frame) }

    /// Keeps `picture`, the wanted frame's, as a player shows it.
    func keep(_ picture: Frame, shown: ShownPicture) throws { image = try shown.image(of: picture) }
}
