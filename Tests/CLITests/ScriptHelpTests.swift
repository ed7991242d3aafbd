import Foundation
import TestSupport
import Testing

/// Every script in `scripts/` answers `--help` with its manual: exit 0, text on standard output,
/// no Python traceback, under Debian's /usr/bin/python3 and under the first `python3` on PATH
/// (a pyenv Python here, without matplotlib). The docs run some scripts by name, so a script
/// with a `#!` line must be executable. `scripts/plotting` is a package plot.py imports, not a
/// set of commands, and is left out.
@Suite("scripts/ --help")
struct ScriptHelpTests {
  static let scriptsFolder = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts")
  static let debianPython = "/usr/bin/python3"

  static func scripts(withExtension pathExtension: String) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: scriptsFolder, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == pathExtension }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Debian's Python, and the first `python3` on PATH when that is another one.
  static var pythons: [String] {
    let onPath = ProcessRunner.findExecutable(named: "python3").map {
      URL(fileURLWithPath: $0).resolvingSymlinksInPath().path
    }
    let debian = URL(fileURLWithPath: debianPython).resolvingSymlinksInPath().path
    return [debianPython] + (onPath.map { $0 == debian ? [] : [$0] } ?? [])
  }

  /// A script is only run with `--help` when its text handles the option: one that ignored it
  /// would do its real work (install packages, measure for minutes) inside the test.
  func expectHelp(_ executable: String, _ script: URL) throws {
    let text = try String(contentsOf: script, encoding: .utf8)
    let handlesHelp = text.contains("--help") || text.contains("argparse") || text.contains("__name__ == \"__main__\"")
    guard handlesHelp else {
      Issue.record("\(script.lastPathComponent) does not handle --help")
      return
    }
    let result = try ProcessRunner.run(executable, arguments: [script.path, "--help"], timeoutSeconds: 60)
    let name = "\(executable) \(script.lastPathComponent) --help"
    #expect(result.status == 0, "\(name): exit \(result.status): \(result.stderrText)")
    #expect(!result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(name) printed nothing")
    #expect(!result.stderrText.contains("Traceback"), "\(name): \(result.stderrText)")
  }

  @Test(
    "every Python script answers --help under each python3",
    .enabled(if: FileManager.default.isExecutableFile(atPath: debianPython), "needs /usr/bin/python3"))
  func pythonScripts() throws {
    let scripts = try Self.scripts(withExtension: "py")
    #expect(scripts.count >= 10)
    for python in Self.pythons {
      for script in scripts { try expectHelp(python, script) }
    }
  }

  @Test("every shell script answers --help")
  func shellScripts() throws {
    let scripts = try Self.scripts(withExtension: "sh")
    #expect(scripts.count >= 5)
    for script in scripts { try expectHelp("/bin/bash", script) }
  }

  @Test("a script with a #! line is executable, so `scripts/NAME --help` runs as the docs write it")
  func scriptsWithAShebangAreExecutable() throws {
    for script in try Self.scripts(withExtension: "py") + Self.scripts(withExtension: "sh") {
      let text = try String(contentsOf: script, encoding: .utf8)
      guard text.hasPrefix("#!") else { continue }
      #expect(
        FileManager.default.isExecutableFile(atPath: script.path), "\(script.lastPathComponent) is not executable")
    }
  }
}
