import Foundation
import TestSupport
import Testing

/// `scripts/install-zlib-ng.sh`, the part of setup.sh that can be run without installing
/// anything: on a machine where zlib-ng is already there it must do nothing and say so.
@Suite("scripts/install-zlib-ng.sh")
struct InstallZlibNgScriptTests {
  static let script = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts/install-zlib-ng.sh").path

  /// pkg-config finds a zlib-ng (the pinned build or a distribution's).
  static let zlibNgInstalled =
    (try? ProcessRunner.run("pkg-config", arguments: ["--exists", "zlib-ng"]))?.succeeded == true

  @Test func theScriptParses() throws {
    let result = try ProcessRunner.run("bash", arguments: ["-n", Self.script])
    #expect(result.succeeded, "\(result.stderrText)")
  }

  @Test(.enabled(if: zlibNgInstalled, "needs zlib-ng installed (scripts/setup.sh installs it)"))
  func aSecondRunInstallsNothing() throws {
    let version = try ProcessRunner.run("pkg-config", arguments: ["--modversion", "zlib-ng"]).stdoutText
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let result = try ProcessRunner.run("bash", arguments: [Self.script], timeoutSeconds: 60)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stdoutText.contains("is installed"), "\(result.stdoutText)")
    #expect(!result.stdoutText.contains("building"), "\(result.stdoutText)")
    #expect(!result.stdoutText.contains("installing"), "\(result.stdoutText)")
    #expect(result.stdoutText.contains(version), "names the version pkg-config reports: \(version)")
  }
}
