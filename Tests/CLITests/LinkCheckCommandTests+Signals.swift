import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `linkcheck` stopped by Ctrl-C halfway, as `--help` promises: it finishes the upload under
/// way, writes what it measured marked `complete: false`, removes its namespaces and exits 130.
/// Part of the serialized linkcheck suite, so it never runs beside the kernel check.
extension LinkCheckCommandTests {
  /// The signal comes while the check waits for a 3g response: 10 kB cold uploads spend most of
  /// their 1 s in connect() and recv(), where an unhandled EINTR failed the check with exit 1 and
  /// no linkcheck.json (issue 39).
  @Test(
    "SIGINT during an upload: exit 130, linkcheck.json marked incomplete, namespaces removed",
    .enabled(
      if: kernelCheckUnavailable == nil, "\(kernelCheckUnavailable ?? "")"),
    arguments: [0.35, 1.0])
  func interruptDuringAnUpload(delay: Double) throws {
    let scratch = try ScratchDirectory("linkcheck-sigint")
    let check = try BackgroundDeflateBench(
      [
        "linkcheck", "--links", "3g", "--bodies", "1000,10000", "--cc", "cubic", "--connection", "cold",
        "--repetitions", "5", "--out", "out",
      ], in: scratch, signalsUnblocked: true)
    // Each cold upload starts 0.2 s after the one before: 0.35 s after the first case's line is
    // inside the second case's connect() (one 400 ms round trip), 1 s inside its recv().
    guard check.wait(seconds: 120, until: { check.stderrText.contains("3g 1000 B cubic cold") }) else {
      kill(check.pid, SIGKILL)
      _ = check.waitForExit(seconds: 10)
      Issue.record("the first case never finished: \(check.stderrText)")
      return
    }
    usleep(UInt32(delay * 1_000_000))
    let sent = Date()
    kill(check.pid, SIGINT)
    #expect(check.waitForExit(seconds: 60), "linkcheck did not stop within 60 s of SIGINT")
    let seconds = Date().timeIntervalSince(sent)
    #expect(check.process.terminationStatus == 130, "\(check.stderrText)")
    // The rest of the upload under way (at most 1 s on 3g), then the server, the delay line and
    // the namespaces go: 0.3-1.1 s measured from a shell on the 2-core machine (load 5); 5 s
    // leaves room for a loaded one and is still far below waiting out the case's 5 uploads.
    #expect(seconds < 5, "linkcheck took \(seconds) s to stop")
    let record = try #require(try scratch.jsonObject("out/linkcheck.json"), "\(check.stderrText)")
    #expect(record["complete"] as? Bool == false)
    let cases = try #require(record["cases"] as? [[String: Any]])
    #expect(cases.contains { $0["body_bytes"] as? Int == 1000 }, "\(cases)")
    #expect(cases.allSatisfy { ($0["samples_ms"] as? [Double])?.isEmpty == false }, "a case without samples: \(cases)")
    #expect(FileManager.default.fileExists(atPath: scratch.path("out/linkcheck.md")))
    let namespaces = try ProcessRunner.run("/usr/sbin/ip", arguments: ["netns", "list"]).stdoutText
    #expect(!namespaces.contains("dblc-\(check.pid)-"), "\(namespaces)")
  }
}
