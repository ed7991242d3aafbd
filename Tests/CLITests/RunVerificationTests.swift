import DeflateBenchCodecs
import Foundation
import TestSupport
import Testing

/// The tool's first promise at run level, for every real backend: an output that does not decode
/// to its input fails its cell with the verifier's words, the run exits 1, and nothing calls the
/// cell verified. The built executable corrupts the real library's output through the runner's
/// test hook `DEFLATEBENCH_INJECT_CORRUPTION` (`InjectedCorruption`), not a stand-in backend,
/// so a runner that skipped or trusted verification for any one backend fails here.
@Suite("run: every real backend's output is verified")
struct RunVerificationTests {
  static let corpus = "json-events:mixpanel:count=4,events=4"

  @Test(
    "a corrupted output fails its cell with the verifier's words and the run exits 1; the other backend's cell is verified",
    arguments: BackendRegistry.names)
  func corruptedOutputFailsTheRun(backend: String) throws {
    let verifier = try #require(Verifier.decodingBackend(for: try BackendRegistry.backend(named: backend))).name
    // A second, uncorrupted backend in the same run: verification must not fail everything either.
    let control = backend == "zlib" ? "libdeflate" : "zlib"
    let scratch = try ScratchDirectory("run-verify-\(backend)")
    var environment = ProcessInfo.processInfo.environment
    environment["DEFLATEBENCH_INJECT_CORRUPTION"] = backend
    let run = try ProcessRunner.run(
      try DeflateBenchExecutable.url.path,
      arguments: [
        "run", "--allow-debug", "--quick", "--repetitions", "1", "--quiet", "--corpus", Self.corpus, "--backends",
        "\(backend),\(control)", "--levels", "1", "--out", "out",
      ], environment: environment, currentDirectory: scratch.url.path, timeoutSeconds: 300)
    #expect(run.status == 1, "\(run.stderrText)")
    #expect(run.stderrText.contains("1 cell failed"), "\(run.stderrText)")

    let document = try #require(try scratch.jsonObject("out/results.json"))
    let context = try #require(document["context"] as? [String: Any])
    #expect(context["test_hook"] as? String == "DEFLATEBENCH_INJECT_CORRUPTION=\(backend)")
    let cells = try #require(document["cells"] as? [[String: Any]])
    let corrupted = try #require(cells.first { $0["backend"] as? String == backend }, "\(cells)")
    #expect(corrupted["verified"] as? Bool != true, "\(corrupted)")
    // The verifier's own words: a different implementation decoded the stream and refused it or
    // got other bytes. A later decoder's failure ("the timed decoder did not restore it") would
    // mean the output reached the timing loop unverified.
    let error = try #require(corrupted["error"] as? String, "\(corrupted)")
    #expect(error.hasPrefix("verification failed for \(backend) level 1 "), "\(error)")
    #expect(
      error.contains("\(verifier) could not decode it") || error.contains("\(verifier) decoded different bytes"),
      "\(error)")
    let kept = try #require(cells.first { $0["backend"] as? String == control }, "\(cells)")
    #expect(kept["verified"] as? Bool == true && kept["error"] == nil, "\(kept)")
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.contains("Test hook (these are not real figures)"))
  }
}
