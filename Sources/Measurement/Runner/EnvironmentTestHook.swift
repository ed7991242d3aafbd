/// A test hook set through the environment (`InjectedExtraWork`, `InjectedCorruption`): what
/// results.json records of it (`context.test_hook`) and the warning a run prints while it is set,
/// so a run with one can never pass for a real run.
protocol EnvironmentTestHook: Sendable {
  static var variable: String { get }
  /// The hook the environment sets, read once.
  static var current: Self? { get }
  /// The value after `VARIABLE=`.
  var value: String { get }
  /// What it does to the run and what it tests, as the warning says them.
  var effect: String { get }
  static var purpose: String { get }
}

extension EnvironmentTestHook {
  /// The setting as `RunContext.testHook` records it.
  var setting: String { "\(Self.variable)=\(value)" }

  /// The run's warning while the hook is set.
  static var warnings: [String] {
    guard let current else { return [] }
    return ["\(variable) is set: \(current.effect) (\(purpose); these are not real figures)"]
  }
}
