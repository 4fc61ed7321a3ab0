/// `--part k/n` (SPEC §16): the k-th of n runs of a render's output frames,
/// rendered alone (on another machine) and joined with the others by
/// `scale-video join` into exactly the whole render.
public struct FilmPart: Sendable, Equatable, Codable {
    /// k, from 1.
    public var number: Int
    /// n.
    public var count: Int
    /// The whole render's container, whose encoding the part follows.
    public var container: OutputContainer

    /// Part `number` of `count`, of the render into `container`.
    public init(number: Int, count: Int, container: OutputContainer) {
        self.number = number
        self.count = count
        self.container = container
    }

    /// Its output frames, of the whole render's `total`: from ⌊(k − 1) · N / n⌋
    /// up to ⌊k · N / n⌋, a function of the plan alone; each part starts a
    /// closed group of pictures, as the encoder starts every file with one.
    public func frames(of total: Int) -> Range<Int> { Self.frames(ofPart: number, of: count, in: total) }

    /// Part k of n's output frames, of the whole render's `total` (`frames(of:)`).
    static func frames(ofPart k: Int, of n: Int, in total: Int) -> Range<Int> {
        let bound = { (k: Int) in Int(Int128(k) * Int128(total) / Int128(n)) }
        return bound(k - 1)..<bound(k)
    }

    /// Where it is written: `film.part-3-of-8.mkv` beside `film.mp4`, the
    /// whole render's output.
    public func path(for output: String) -> String {
        let slash = output.lastIndex(of: "/").map { output.index(after: $0) } ?? output.startIndex
        let name = output[slash...]
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name
        return output[..<slash] + stem + ".part-\(number)-of-\(count).mkv"
    }
}
