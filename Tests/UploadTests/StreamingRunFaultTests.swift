import Dispatch
import Foundation
import TestSupport
import Testing

/// `run --upload URL --streaming` against a server that misbehaves, through the real
/// executable: every cell ends with the upload's error in the results, the run measures the
/// other cells, writes its reports complete and exits 1, within a bounded time.
@Suite("run: uploads to a server that closes or stalls")
struct StreamingRunFaultTests {
  /// Runs zlib and zstd level 1 with a 64 KiB streaming form against `server`; returns the exit
  /// status, each cell's error by backend, whether the results are complete, and the seconds taken.
  static func run(against server: PythonJudgeServer, timeoutSeconds: String) throws -> (
    status: Int32, errors: [String: String], complete: Bool, seconds: Double
  ) {
    let scratch = try ScratchDirectory("run-upload-fault")
    var text = ""
    for index in 0..<5_000 { text += "{\"id\":\(index),\"event\":\"view\",\"value\":\(index * 7 % 1000)}\n" }
    try Data(text.utf8).write(to: scratch.url.appendingPathComponent("events.json"))
    let started = DispatchTime.now().uptimeNanoseconds
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--quiet", "--corpus", "events.json", "--backends", "zlib,zstd",
        "--levels", "1", "--streaming", "64KiB", "--upload", server.url.absoluteString, "--upload-timeout",
        timeoutSeconds, "--out", "out",
      ], in: scratch.url, timeoutSeconds: 120)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let data = try Data(contentsOf: scratch.url.appendingPathComponent("out/results.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var errors: [String: String] = [:]
    for cell in document["cells"] as? [[String: Any]] ?? [] {
      errors[cell["backend"] as? String ?? "?"] = cell["error"] as? String ?? ""
    }
    #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out/report.md").path))
    return (result.status, errors, document["complete"] as? Bool ?? false, seconds)
  }

  @Test(
    "a server that drops the connection mid-body fails every cell with the upload's error; exit 1",
    .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func serverClosesMidStream() throws {
    let server = try PythonJudgeServer(mode: "close")
    let outcome = try Self.run(against: server, timeoutSeconds: "30")
    #expect(outcome.status == 1)
    #expect(outcome.complete)
    #expect(Set(outcome.errors.keys) == ["zlib", "zstd"])
    for (backend, error) in outcome.errors {
      #expect(error.contains("upload failed") && error.contains("closed the connection"), "\(backend): \(error)")
    }
    // Well before the timeout: the closed connection itself ends each request.
    #expect(outcome.seconds < 60)
  }

  @Test(
    "a server that stops reading fails every cell at --upload-timeout; exit 1, no hang",
    .enabled(if: Judge.python3.isAvailable, Comment(rawValue: Judge.python3.missing)))
  func stalledServerTimesOut() throws {
    let server = try PythonJudgeServer(mode: "stall")
    let outcome = try Self.run(against: server, timeoutSeconds: "2")
    #expect(outcome.status == 1)
    #expect(outcome.complete)
    #expect(Set(outcome.errors.keys) == ["zlib", "zstd"])
    for (backend, error) in outcome.errors {
      #expect(error.contains("timed out"), "\(backend): \(error)")
    }
  }
}
