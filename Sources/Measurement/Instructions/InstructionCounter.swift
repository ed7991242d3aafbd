/// What a run measures per cell: wall-clock time (the default) or instructions executed.
public enum RunMetric: String, Sendable, Equatable, CaseIterable {
  /// Repeated, calibrated timing samples: speeds in MB/s, their spread and cold calls.
  case time
  /// Instructions per input byte of one compression and one decompression pass, counted by
  /// valgrind's callgrind. Deterministic, so one count per cell replaces the repetitions.
  case instructions
}

/// Counts the instructions a piece of code executes, and nothing outside it.
public protocol InstructionCounter: AnyObject {
  /// Runs `body` once with counting on and returns the instructions it executed.
  ///
  /// - Parameter label: names the count where the counter records one (a callgrind dump).
  func count(label: String, _ body: () -> Void) throws(InstructionCountError) -> UInt64
}

/// Why instructions could not be counted, in words.
public struct InstructionCountError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
