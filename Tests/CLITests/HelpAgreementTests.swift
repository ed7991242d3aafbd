import DeflateBenchUpload
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue #25, item 5: help that matches the code and the docs. Every exit status a `--help`
/// screen lists is a row of docs/exit-codes.md, the signal rule of `serve` reads the same in its
/// help, in the docs and in what the process does, and the help names the outputs and options
/// as they are.
@Suite("help, docs and code agree", .serialized)
struct HelpAgreementTests {
  static let commands = [
    "run", "calibrate", "backends", "compress", "decompress", "dict", "corpora", "serve", "linkcheck", "compare",
    "merge", "baseline",
  ]

  static func help(_ command: String) throws -> String {
    let result = try deflateBench([command, "--help"])
    try #require(result.status == 0, "\(command) --help: \(result.stderrText)")
    return result.stdoutText
  }

  /// The statuses of a help screen's EXIT CODES section: each line that starts with a number.
  static func exitStatuses(inHelp text: String) -> Set<Int> {
    guard let section = text.range(of: "EXIT CODES:") else { return [] }
    return Set(
      text[section.upperBound...].split(separator: "\n").compactMap { line in
        Int(line.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
      })
  }

  static let exitCodesPage = DeflateBenchExecutable.packageRoot.appendingPathComponent("docs/exit-codes.md")

  /// The rows of docs/exit-codes.md: status and its text.
  static func documentedStatuses() throws -> [Int: String] {
    let text = try String(contentsOf: exitCodesPage, encoding: .utf8)
    var rows: [Int: String] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| ") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      if let status = cells.first.flatMap({ Int($0) }) { rows[status] = cells.dropFirst().joined(separator: " ") }
    }
    return rows
  }

  @Test("every exit status a --help lists is a row of docs/exit-codes.md, and every row is in the shared table")
  func everyStatusIsDocumented() throws {
    let documented = try Self.documentedStatuses()
    #expect(documented.count >= 10, "docs/exit-codes.md has \(documented.count) rows")
    var listed = Set<Int>()
    for command in Self.commands {
      let statuses = Self.exitStatuses(inHelp: try Self.help(command))
      #expect(!statuses.isEmpty, "\(command) --help lists no exit codes")
      for status in statuses {
        #expect(documented[status] != nil, "\(command) --help lists \(status), which docs/exit-codes.md lacks")
      }
      listed.formUnion(statuses)
    }
    #expect(Set(documented.keys) == listed, "documented \(documented.keys.sorted()), listed \(listed.sorted())")
  }

  /// Issue #39: six commands listed every status of the tool. The statuses each can return:
  /// read from what it throws and the helpers it calls (usage 64 from the parser, 73 for
  /// standard output, 130 from the output guard of compress and decompress -o).
  @Test("each command's help lists the statuses it can return, not every status of the tool")
  func helpListsOnlyTheCommandsStatuses() throws {
    let expected: [String: Set<Int>] = [
      "backends": [0, 64, 73], "calibrate": [0, 1, 64, 66, 73], "compress": [0, 1, 64, 65, 66, 73, 130],
      "decompress": [0, 1, 64, 65, 66, 73, 130], "corpora": [0, 64, 65, 66, 73],
      "run": [0, 1, 64, 65, 66, 69, 73, 130],
    ]
    for (command, statuses) in expected {
      #expect(Self.exitStatuses(inHelp: try Self.help(command)) == statuses, "\(command)")
    }
    for command in Self.commands where command != "compare" {
      let statuses = Self.exitStatuses(inHelp: try Self.help(command))
      #expect(statuses.isDisjoint(with: [2, 3]), "\(command) --help lists compare's statuses")
      if command != "linkcheck" { #expect(!statuses.contains(77), "\(command) --help lists linkcheck's 77") }
    }
  }

  @Test("serve stops with 0 on SIGINT, SIGTERM and SIGHUP, as its help and docs/exit-codes.md say")
  func serveSignalRuleAgrees() throws {
    let help = try Self.help("serve")
    #expect(!Self.exitStatuses(inHelp: help).contains(130), "serve --help lists 130")
    let zeroLine = try #require(
      help.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("0 ") })
    for name in ["SIGINT", "SIGTERM", "SIGHUP"] { #expect(zeroLine.contains(name), "\(zeroLine)") }
    let row130 = try #require(try Self.documentedStatuses()[130])
    #expect(row130.contains("`serve` exits 0 on SIGINT, SIGTERM and SIGHUP"), "\(row130)")
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let server = try LocalServer(executable: try DeflateBenchExecutable.url)
      kill(server.processIdentifier, signal)
      // A server that ignores the signal must fail the test, not hang it.
      let deadline = Date().addingTimeInterval(15)
      while server.process.isRunning, Date() < deadline { usleep(50_000) }
      if server.process.isRunning {
        Issue.record("serve did not stop within 15 s of signal \(signal)")
        kill(server.processIdentifier, SIGKILL)
      }
      server.process.waitUntilExit()
      #expect(server.process.terminationReason == .exit, "signal \(signal) killed serve")
      #expect(server.process.terminationStatus == 0, "signal \(signal): status \(server.process.terminationStatus)")
    }
  }

  @Test("help names the outputs and options as they are")
  func helpWording() throws {
    let decompress = try Self.help("decompress")
    #expect(!decompress.contains("writes dcz") && decompress.contains("zstd reads dcz"), "\(decompress)")
    let run = try Self.help("run")
    let flat = run.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(flat.contains("results.json, results.csv, report.md and report.html"))
    #expect(flat.contains("each as PNG and SVG"))
    #expect(flat.contains("with --upload URL it is refused (64)"))
    #expect(flat.contains("--upload-port"))
    // The verdict's objective and the forms of the minimum saving, with their defaults.
    #expect(flat.contains("--objective <time|energy>"))
    #expect(flat.contains("Default: time."))
    #expect(flat.contains("--min-saving <amount,percent>"))
    #expect(flat.contains("such as 1ms,2% (1 ms and 2 % of the uncompressed request's time)"))
    #expect(flat.contains("such as 5mJ,2%; 5mJ,1ms,2% also sets the milliseconds of the rows decided on time"))
    #expect(flat.contains("The older form 1,2 means 1ms,2%."))
    #expect(flat.contains("Default: 1ms,2% (with energy 1mJ,2%)."))
    let merge = try Self.help("merge")
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(merge.contains("report.md and report.html"))
  }
}
