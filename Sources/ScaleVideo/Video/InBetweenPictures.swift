/// Makes the picture an output frame shows between two source pictures,
/// for `--motion blend` and `flow` (SPEC §9): the PictureStage asks for one
/// wherever the lane's FrameSchedule shows an in-between picture.
protocol InBetweenPictures: AnyObject {
    /// The picture `weight` of the way from `a` to `b`, valid until the next call.
    func picture(between a: Frame, and b: Frame, weight: Rational) throws -> Frame
    /// Whether the pictures between two frames come sooner when the pair is
    /// named ahead (the PictureStage then holds back the steps that name the
    /// newest frame until the next one comes, and names their pair first).
    var looksAhead: Bool { get }
    /// Told that the pictures between `a` and `b` are asked for next.
    func prepare(ahead a: Frame, _ b: Frame) throws
}

extension InBetweenPictures {
    var looksAhead: Bool { false }
    func prepare(ahead a: Frame, _ b: Frame) throws {}
}

/// `--motion blend`: the crossfade itself, `(1 − w)·a + w·b` (PictureBlender).
final class CrossfadeInBetweens: InBetweenPictures {
    private let blender: PictureBlender

    init(blender: PictureBlender) {
        self.blender = blender
    }

    func picture(between a: Frame, and b: Frame, weight: Rational) throws -> Frame {
        try blender.crossfade(a, b, weight: weight)
    }
}
