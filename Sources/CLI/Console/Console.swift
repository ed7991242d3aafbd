import Foundation

/// Where a command writes: standard output for results, standard error for messages and
/// progress. A value so tests can run commands in-process and capture both.
public struct Console: Sendable {
  private let writeOut: @Sendable (Data) -> Void
  private let writeError: @Sendable (Data) -> Void
  /// Whether stderr is a terminal, which decides between a progress bar and plain lines.
  public let errorIsTerminal: Bool

  public init() {
    writeOut = { FileHandle.standardOutput.write($0) }
    writeError = { FileHandle.standardError.write($0) }
    errorIsTerminal = isatty(STDERR_FILENO) == 1
  }

  public init(
    errorIsTerminal: Bool = false, out: @escaping @Sendable (Data) -> Void,
    error: @escaping @Sendable (Data) -> Void
  ) {
    writeOut = out
    writeError = error
    self.errorIsTerminal = errorIsTerminal
  }

  public func out(_ text: String) { writeOut(Data(text.utf8)) }
  public func outBytes(_ bytes: Data) { writeOut(bytes) }
  public func error(_ text: String) { writeError(Data(text.utf8)) }

  /// Whether colour may be used on stderr: a terminal, and `NO_COLOR` unset (no-color.org).
  public var usesColor: Bool {
    errorIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
  }
}
