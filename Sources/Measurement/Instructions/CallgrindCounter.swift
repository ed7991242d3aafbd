import CCallgrind
import Foundation

/// Counts instructions with valgrind's callgrind, from inside the measured process: the process
/// runs under `valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=PREFIX`, and
/// every count zeroes the counters, collects around the body only, and dumps them to the next
/// file `PREFIX.<n>`, which is read and deleted at once. One valgrind process serves a whole
/// matrix, and nothing outside the measured pass (start-up, corpus generation, verification,
/// reports) is counted.
public final class CallgrindCounter: InstructionCounter {
  /// The `--callgrind-out-file` the process was started with.
  public let dumpPrefix: String
  /// Dumps written so far; callgrind numbers them from 1.
  private var dumps = 0

  public init(dumpPrefix: String) {
    self.dumpPrefix = dumpPrefix
  }

  /// True when this process runs under valgrind (any tool); without it, counting is impossible.
  public static var isRunningOnValgrind: Bool { deflatebench_running_on_valgrind() != 0 }

  public func count(label: String, _ body: () -> Void) throws(InstructionCountError) -> UInt64 {
    guard Self.isRunningOnValgrind else {
      throw InstructionCountError("counting instructions needs the process to run under valgrind's callgrind")
    }
    deflatebench_callgrind_start()
    body()
    label.withCString { deflatebench_callgrind_stop($0) }
    dumps += 1
    let path = "\(dumpPrefix).\(dumps)"
    defer { unlink(path) }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw InstructionCountError(
        "callgrind wrote no dump at \(path); run under valgrind --tool=callgrind --callgrind-out-file=\(dumpPrefix)")
    }
    guard let total = Self.totalInstructions(inDump: text) else {
      throw InstructionCountError("the callgrind dump \(path) has no 'totals:' line")
    }
    return total
  }

  /// The `totals:` line of a callgrind dump recorded with the default event, Ir (instructions
  /// executed). Nil when the dump has none.
  public static func totalInstructions(inDump text: String) -> UInt64? {
    for line in text.split(separator: "\n") where line.hasPrefix("totals:") {
      let fields = line.dropFirst("totals:".count).split(separator: " ")
      guard let first = fields.first else { return nil }
      return UInt64(first)
    }
    return nil
  }
}
