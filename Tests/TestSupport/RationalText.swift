import Timing

/// An exact rational written as the command line takes it ("1/3", "2.5"),
/// for tests that state times exactly.
public func r(_ text: String) -> Rational { Rational(parsing: text)! }
