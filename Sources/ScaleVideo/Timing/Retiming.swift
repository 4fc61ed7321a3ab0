/// How source time becomes output time: one factor, or a time map.
enum Retiming: Sendable {
    /// One factor, from `start` seconds of the source (SPEC §4).
    case factor(TimeScale, start: Rational)
    /// A time map (SPEC §8).
    case map(TimeMap)
}
