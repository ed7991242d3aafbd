import Foundation
import TestSupport
import Testing

/// `run --idle-gap`: the gap reaches results.json's model, and the verdict computed with it is the
/// one the checkers' Python model recomputes from the file (scripts/verdict_check.py).
@Suite("run --idle-gap")
struct RunIdleGapTests {
  @Test("--idle-gap 1 is written as idle_seconds and the Python model recomputes every verdict time with it")
  func gapReachesTheModel() throws {
    let scratch = try ScratchDirectory("run-idle-gap")
    // One 41 kB body: sent uncompressed on 3g after a 1 s gap the window is partly restarted (the
    // identity time reads 1,252.5 ms against 1,412.5 ms without the gap), and the Python model must
    // agree on it.
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--quiet", "--corpus", "binary:records:bytes=41000",
        "--backends", "zlib", "--levels", "1,6", "--link", "3g", "--link", "lte", "--idle-gap", "1", "--out", "out",
      ], in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    let document = try #require(try scratch.jsonObject("out/results.json"))
    let model = try #require(document["model"] as? [String: Any])
    #expect(model["idle_seconds"] as? Double == 1)
    let verdict = try #require(document["verdict"] as? [[String: Any]])
    let identity3g = try #require(verdict.first { $0["link"] as? String == "3g" }?["identity_ms"] as? Double)
    #expect(identity3g < 1_300, "3g identity \(identity3g) ms: the gap did not reach the verdict")
    let python = "/usr/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else {
      Issue.record("needs /usr/bin/python3 (scripts/setup.sh installs it)")
      return
    }
    let script = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts/verdict_check.py").path
    let check = try ProcessRunner.run(python, arguments: [script, scratch.path("out")], timeoutSeconds: 120)
    #expect(check.status == 0, "\(check.stdoutText)\(check.stderrText)")
    #expect(check.stdoutText.contains("rules hold"), "\(check.stdoutText)")
  }

  @Test(
    "a gap that is not a positive number of seconds is a usage error naming --idle-gap", arguments: ["0", "-1", "5s"])
  func badGap(text: String) throws {
    let result = try deflateBench(["run", "--allow-debug", "--quick", "--idle-gap", text])
    #expect(result.status == 64, "\(result)")
    #expect(result.stderrText.contains("--idle-gap"), "\(result.stderrText)")
  }
}
