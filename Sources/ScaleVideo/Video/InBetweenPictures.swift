/// Makes the picture an output frame shows between two source pictures,
/// for `--motion blend` and `flow` (SPEC §9): MovingPictures asks for one
/// wherever its MotionPlan shows an in-between picture.
protocol InBetweenPictures: AnyObject {
    /// The picture `weight` of the way from `a` to `b`, valid until the next call.
    func picture(between a: Frame, and b: Frame, weight: Rational) throws -> Frame
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
