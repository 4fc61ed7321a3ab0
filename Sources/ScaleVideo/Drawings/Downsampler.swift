/// Reduces a long run of values to about `width` averages, as they arrive.
///
/// The values are averaged in consecutive groups of `factor` =
/// `max(1, total / width)`, giving at most `min(width, total)` averages. A
/// last group that is not full, and anything pushed after the last average,
/// is ignored. Only the averages are kept, so memory depends on `width`, not
/// on `total`, and pushing in any block sizes gives the same result.
public struct Downsampler: Sendable {
    /// Values averaged into each output.
    public let factor: Int
    /// Outputs at most.
    public let capacity: Int
    /// The averages of the groups completed so far.
    public private(set) var values: [Double]

    private var sum = 0.0
    private var grouped = 0

    /// - Parameters:
    ///   - total: how many values will be pushed; positive.
    ///   - width: how many outputs are wanted; positive.
    public init(total: Int, width: Int) {
        precondition(total > 0 && width > 0, "a downsampler needs values and outputs")
        factor = max(1, total / width)
        capacity = min(width, total)
        values = []
        values.reserveCapacity(capacity)
    }

    /// Whether every output has been computed; later values are ignored.
    public var isComplete: Bool { values.count == capacity }

    /// Adds the next value; ignored once the downsampler is complete.
    public mutating func push(_ value: Double) {
        guard values.count < capacity else { return }
        sum += value
        grouped += 1
        if grouped == factor {
            values.append(sum / Double(factor))
            sum = 0
            grouped = 0
        }
    }

    /// Adds the values of `block` in order, as `push(_:)` one by one.
    public mutating func push(contentsOf block: some Sequence<Double>) {
        for value in block { push(value) }
    }
}
