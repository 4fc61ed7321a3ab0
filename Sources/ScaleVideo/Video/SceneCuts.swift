import Synchronization

/// The cuts `--motion flow` found (`--json`'s `cuts`): pairs of source
/// frames it was to make in-betweens of where the second shows another
/// scene, so that it showed the nearer of the two instead. Counted on the
/// video lane's thread, read once the lanes are done.
final class SceneCuts: Sendable {
    private let found = Atomic<Int>(0)

    func add() { found.add(1, ordering: .relaxed) }

    var count: Int { found.load(ordering: .relaxed) }
}
