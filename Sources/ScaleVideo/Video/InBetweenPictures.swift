/// Makes the picture an output frame shows between two source pictures,
/// for `--motion blend` and `flow` (SPEC §9): MovingPictures asks for one
/// wherever its MotionPlan crossfades.
protocol InBetweenPictures: AnyObject {
    /// The newest source picture the plan takes lands at `position` output
    /// frames, after a freeze that ends at `freezeEnd` if there was one. A
    /// backend that follows the whole sequence (minterpolate) takes it.
    func add(_ picture: Frame, at position: Rational, after freezeEnd: Rational?) throws
    /// No more source pictures come.
    func finish() throws
    /// Output frame `k`, `weight` of the way from `a` to `b`, valid until
    /// the next call; nil when the backend has not made it yet (asked again
    /// after the next picture is added).
    func picture(_ k: Int, between a: Frame, and b: Frame, weight: Rational) throws -> Frame?
    /// Output frames before `k` will not be asked for.
    func letGo(before k: Int) throws
}

/// `--motion blend`: the crossfade itself, `(1 − w)·a + w·b` (PictureBlender).
final class CrossfadeInBetweens: InBetweenPictures {
    private let blender: PictureBlender

    init(blender: PictureBlender) {
        self.blender = blender
    }

    func add(_ picture: Frame, at position: Rational, after freezeEnd: Rational?) {}

    func finish() {}

    func picture(_ k: Int, between a: Frame, and b: Frame, weight: Rational) throws -> Frame? {
        try blender.crossfade(a, b, weight: weight)
    }

    func letGo(before k: Int) {}
}

/// `--motion flow`: minterpolate's motion-compensated picture of the
/// instant (MotionInterpolator). Every picture the plan takes is given to
/// it at its position (a picture landing at 0 once the next one shows it is
/// the last there); after a freeze, the picture before it again at the
/// freeze's end. It makes the pictures between two once it has the next.
final class MinterpolateInBetweens: InBetweenPictures {
    private let interpolator: MotionInterpolator
    /// The latest picture landing at 0, given once a later one lands.
    private var atStart: Frame?

    init(positionDenominator: Int64?, frameCount: Int) throws {
        interpolator = try MotionInterpolator(denominator: positionDenominator, frameCount: frameCount)
    }

    func add(_ picture: Frame, at position: Rational, after freezeEnd: Rational?) throws {
        if position == .zero {
            atStart = picture
            return
        }
        if let first = atStart {
            try interpolator.add(first, at: 0)
            atStart = nil
        }
        if let freezeEnd { try interpolator.hold(until: interpolator.ticks(of: freezeEnd)) }
        try interpolator.add(picture, at: interpolator.ticks(of: position))
    }

    func finish() throws { try interpolator.finish() }

    func picture(_ k: Int, between a: Frame, and b: Frame, weight: Rational) throws -> Frame? {
        try interpolator.picture(at: k)
    }

    func letGo(before k: Int) throws { try interpolator.letGo(before: k) }
}
