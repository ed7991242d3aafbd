import DeflateBenchSupport
import Foundation
import Synchronization

/// Where a command writes: standard output for results, standard error for messages and
/// progress. A value so tests can run commands in-process and capture both.
public struct Console: Sendable {
  private let writeOut: @Sendable (Data) -> Void
  private let writeError: @Sendable (Data) -> Void
  /// Whether stderr is a terminal, which decides between a progress bar and plain lines.
  public let errorIsTerminal: Bool

  public init() {
    // write(2) rather than FileHandle.write, which traps on an error (a full disk, a closed
    // descriptor): the first failure is remembered and the tool exits 73 naming it.
    writeOut = { data in
      if let code = Self.writeAll(data, to: STDOUT_FILENO) {
        Self.standardOutputFailure.withLock { if $0 == nil { $0 = code } }
      }
    }
    writeError = { _ = Self.writeAll($0, to: STDERR_FILENO) }
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

  /// The first error writing standard output (an errno), for the exit status.
  static let standardOutputFailure = Mutex<Int32?>(Int32?.none)

  /// Nil when every byte went out, else the errno of the failed write.
  private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
    data.withUnsafeBytes { raw in writingAll(raw) { write(descriptor, $0, $1) } }
  }

  public func out(_ text: String) { writeOut(Data(text.utf8)) }
  public func error(_ text: String) { writeError(Data(text.utf8)) }

  /// Whether colour may be used on stderr: a terminal, and `NO_COLOR` unset (no-color.org).
  public var usesColor: Bool {
    errorIsTerminal && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
  }
}
