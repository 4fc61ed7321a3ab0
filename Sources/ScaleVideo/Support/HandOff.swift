/// Carries a value that is not Sendable to one other thread, once: the
/// sender gives it up at the hand-off and touches it again only after the
/// receiver is done with it (after a wait that orders the two), save for
/// what both only read, or parts of it the receiver leaves alone.
/// `@unchecked Sendable`: the compiler cannot see that wait.
struct HandOff<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
