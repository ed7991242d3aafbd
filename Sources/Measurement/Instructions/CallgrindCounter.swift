import CCallgrind
import Foundation

/// Counts instructions with valgrind's callgrind, from inside the measured process: the process
/// runs under `valgrind --tool=callgrind --collect-atstart=no --separate-threads=yes
/// --callgrind-out-file=PREFIX`, and every count zeroes the counters, collects around the body
/// only, and dumps them to the next files `PREFIX.<n>-<thread>`, which are read and deleted at
/// once. One valgrind process serves a whole matrix, and nothing outside the measured pass
/// (start-up, corpus generation, verification, reports) is counted.
///
/// Per-thread dumps matter: collection is switched for the whole process, so a Dispatch or
/// signal-queue thread that happened to run during the pass would otherwise be counted with it
/// (it was, by up to 0.4 % on a busy machine). The measuring thread is the one that executed by
/// far the most instructions in the window, so that is the count returned.
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
    let folder = URL(fileURLWithPath: dumpPrefix).deletingLastPathComponent()
    let stem = URL(fileURLWithPath: dumpPrefix).lastPathComponent + ".\(dumps)-"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasPrefix(stem) }.map { folder.appendingPathComponent($0).path }
    defer { for file in files { unlink(file) } }
    guard !files.isEmpty else {
      throw InstructionCountError(
        "callgrind wrote no dump \(dumpPrefix).\(dumps)-*; run under valgrind --tool=callgrind "
          + "--separate-threads=yes --callgrind-out-file=\(dumpPrefix)")
    }
    var largest: UInt64 = 0
    for file in files {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8),
        let total = Self.totalInstructions(inDump: text)
      else { throw InstructionCountError("the callgrind dump \(file) has no 'totals:' line") }
      largest = max(largest, total)
    }
    return largest
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
