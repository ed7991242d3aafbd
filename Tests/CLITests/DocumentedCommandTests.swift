import Foundation
import TestSupport
import Testing

/// Issue #39, the front door: every `deflate-bench` command written in README.md, docs/ and
/// Corpora/README.md runs as written. Each is run with `--help` added, which parses every option
/// it names (an unknown command or option is exit 64, "unknown option"), and the cheap ones that
/// read nothing absent from the repository (`backends`, `corpora`) run for real. The README says
/// where the built binary is, so "command not found" is not the first thing a newcomer meets.
@Suite(
  "documented commands run as written",
  .enabled(if: Condition.executableIsBuilt, Comment(rawValue: Condition.executableMissing)))
struct DocumentedCommandTests {
  /// One command as a page writes it: where, and its words after `deflate-bench`.
  struct DocumentedCommand: CustomStringConvertible {
    var page: String
    var line: Int
    var words: [String]
    var inCode: Bool
    var description: String { "\(page):\(line): deflate-bench \(words.joined(separator: " "))" }
  }

  static let root = DeflateBenchExecutable.packageRoot

  static var pages: [String] {
    get throws {
      let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
      return ["README.md", "Corpora/README.md"] + docs
    }
  }

  static var commands: [DocumentedCommand] {
    get throws {
      try pages.flatMap { page in
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        return DocumentedCommandExtractor.commands(in: text).map {
          DocumentedCommand(page: page, line: $0.line, words: $0.words, inCode: $0.inCode)
        }
      }
    }
  }

  @Test("the pages hold the commands a reader copies, and the extraction finds them")
  func extractionFindsTheCommands() throws {
    let commands = try Self.commands
    #expect(commands.count >= 50, "only \(commands.count) commands found")
    let readme = commands.filter { $0.page == "README.md" }.map { $0.words.joined(separator: " ") }
    #expect(readme.contains("run --corpus ./uploads --corpus logs/*.ndjson"), "\(readme)")
    #expect(readme.contains { $0.hasPrefix("compare Results/baseline") }, "\(readme)")
  }

  /// `--help` goes right after the command's name, so no option takes it for its value; the
  /// parser still reads every option that follows. A command in code must then parse whole;
  /// one named in prose may leave an option's value out, but names no unknown command or option.
  @Test("every documented command and option exists: each parses with --help added")
  func everyDocumentedCommandParses() throws {
    var failures: [String] = []
    var seen: Set<[String]> = []
    for command in try Self.commands where seen.insert(command.words).inserted {
      let arguments = Array(command.words.prefix(1)) + ["--help"] + command.words.dropFirst()
      let result: ProcessOutput
      do {
        result = try deflateBench(arguments, timeoutSeconds: 60)
      } catch {
        failures.append("\(command)\n    \(error)")
        continue
      }
      let unknown = result.stderrText.contains("unknown command") || result.stderrText.contains("unknown option")
      if unknown || (command.inCode && result.status != 0) {
        failures.append("\(command)\n    exit \(result.status): \(result.stderrText)")
      }
    }
    if !failures.isEmpty {
      Issue.record("\(failures.count) documented commands fail:\n\(failures.joined(separator: "\n"))")
    }
  }

  @Test("the cheap documented commands that need no file outside the repository run as written")
  func cheapCommandsRun() throws {
    var ran = 0
    for command in try Self.commands where Self.isCheap(command) {
      let result = try deflateBench(command.words, timeoutSeconds: 120)
      #expect(result.status == 0, "\(command): exit \(result.status): \(result.stderrText)")
      ran += 1
    }
    #expect(ran >= 3, "only \(ran) cheap commands ran")
  }

  @Test("the README says how to call the binary scripts/bench.sh built, and bench.sh prints the command it ran")
  func readmeNamesTheBuiltBinary() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    for path in [".build/release/deflate-bench", "swift run -c release deflate-bench"] {
      let named = readme.contains(path)
      #expect(named, "README.md does not say \(path)")
    }
    let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/bench.sh"), encoding: .utf8)
    let printed = script.contains(".build/release/deflate-bench")
    #expect(printed, "scripts/bench.sh does not name the binary it built")
  }

  /// Listing commands that read only what the repository holds or generates, with no
  /// placeholder (`DIR`, `N`, `...`) and no output folder.
  static func isCheap(_ command: DocumentedCommand) -> Bool {
    guard let first = command.words.first, ["backends", "corpora"].contains(first) else { return false }
    if command.words.contains(where: { $0.contains("...") || ($0.count > 0 && $0.allSatisfy { $0.isUppercase }) }) {
      return false
    }
    if command.words.contains("--write") { return false }
    for (index, word) in command.words.enumerated() where ["--corpus", "--config"].contains(word) {
      guard index + 1 < command.words.count else { return false }
      let value = command.words[index + 1]
      let generated = value.contains(":") && !value.contains("/")
      if !generated, !FileManager.default.fileExists(atPath: root.appendingPathComponent(value).path) { return false }
    }
    return true
  }
}
