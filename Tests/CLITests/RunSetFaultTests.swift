import DeflateBenchCodecs
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DeflateBenchCLI

/// Faults that strike a run after it started: a corpus file deleted or written to while an
/// earlier payload set is being measured (sets load one at a time, when their turn comes). The
/// set's cells fail with the reason in the results, the other sets are measured, the reports
/// are written complete, and the run fails with exit 1; nothing hangs.
@Suite("run: corpus files that change during the run")
struct RunSetFaultTests {
  /// JSON lines, `bytes` long: enough that reading the file takes a while.
  static func jsonLines(_ bytes: Int) -> Data {
    var text = ""
    var index = 0
    while text.utf8.count < bytes {
      text += "{\"id\":\(index),\"event\":\"view\",\"value\":\(index * 7 % 1000)}\n"
      index += 1
    }
    return Data(text.utf8)
  }

  /// Runs `first` then `second` in-process, zlib level 1 with a 64 KiB streaming form;
  /// `duringFirst` runs once, when the first set's first cell resolves its verifier (the set
  /// is being measured; the second is not loaded yet). Returns the error the run ended with and
  /// the results file's cells.
  static func run(
    scratch: ScratchDirectory, first: URL, second: URL, duringFirst: @escaping @Sendable () -> Void
  ) throws -> (error: CLIError?, cells: [[String: Any]], complete: Bool) {
    let parsed = try ArgumentParser.parse(
      [
        "--quick", "--quiet", "--corpus", first.path, "--corpus", second.path, "--backends", "zlib", "--levels", "1",
        "--streaming", "64KiB", "--out", scratch.path("out"),
      ], for: RunCommand.spec)
    let options = try RunOptions(parsed)
    var session = RunSession(options: options, console: CapturedConsole().console)
    let fired = TestFlag()
    session.resolveVerifier = { backend in
      if fired.setOnce() { duringFirst() }
      return Verifier.decodingBackend(for: backend)
    }
    var failure: CLIError?
    do {
      let status = try session.execute()
      Issue.record("the run should have failed; it ended with \(status)")
    } catch {
      failure = error
    }
    let data = try Data(contentsOf: scratch.url.appendingPathComponent("out/results.json"))
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("out/report.md").path))
    return (failure, document["cells"] as? [[String: Any]] ?? [], document["complete"] as? Bool ?? false)
  }

  @Test("a corpus file deleted while an earlier set is measured fails its cells; the run goes on and exits 1")
  func deletedBetweenSets() throws {
    let scratch = try ScratchDirectory("run-deleted-set")
    let first = scratch.url.appendingPathComponent("first.json")
    let second = scratch.url.appendingPathComponent("second.json")
    try Self.jsonLines(200_000).write(to: first)
    try Self.jsonLines(200_000).write(to: second)
    let outcome = try Self.run(scratch: scratch, first: first, second: second) {
      try? FileManager.default.removeItem(at: second)
    }
    #expect(outcome.error?.code == .failure)
    #expect(outcome.error?.message.contains("1 cell failed") == true, "\(String(describing: outcome.error))")
    #expect(outcome.complete)
    let byCorpus = Dictionary(grouping: outcome.cells) { $0["corpus"] as? String ?? "" }
    let measured = try #require(byCorpus["first.json"]?.first)
    #expect(measured["verified"] as? Bool == true)
    #expect((measured["streaming"] as? [[String: Any]])?.first?["verified"] as? Bool == true)
    let failed = try #require(byCorpus["second.json"]?.first)
    let message = failed["error"] as? String ?? ""
    #expect(message.contains("cannot load payload set second.json/whole"), "\(message)")
    #expect(message.contains("does not exist"), "\(message)")
  }

  @Test("a corpus file appended to while it is read fails its cells with the reason; the run exits 1")
  func growingWhileRead() throws {
    let scratch = try ScratchDirectory("run-growing-set")
    let first = scratch.url.appendingPathComponent("first.json")
    let second = scratch.url.appendingPathComponent("second.json")
    try Self.jsonLines(200_000).write(to: first)
    // Large enough that reading it spans many appends.
    try Self.jsonLines(16 << 20).write(to: second)
    let stop = TestFlag()
    let appending = TestFlag()
    let append: @Sendable () -> Void = {
      guard let handle = try? FileHandle(forWritingTo: second) else { return }
      defer { try? handle.close() }
      _ = try? handle.seekToEnd()
      let line = Data("{\"id\":-1,\"event\":\"late\"}\n".utf8)
      while !stop.isSet {
        try? handle.write(contentsOf: line)
        _ = appending.setOnce()
        usleep(20)
      }
    }
    // The first set waits until the appends have begun: a quick first set on a loaded machine
    // (the whole suite on two cores) once ended, and the second file was read whole, before the
    // appending thread first ran.
    let outcome = try Self.run(scratch: scratch, first: first, second: second) {
      Thread.detachNewThread(append)
      _ = poll(seconds: 30) { appending.isSet }
    }
    _ = stop.setOnce()
    #expect(outcome.error?.code == .failure)
    #expect(outcome.complete)
    let byCorpus = Dictionary(grouping: outcome.cells) { $0["corpus"] as? String ?? "" }
    #expect(byCorpus["first.json"]?.first?["verified"] as? Bool == true)
    let message = byCorpus["second.json"]?.first?["error"] as? String ?? ""
    #expect(message.contains("changed while being read"), "\(message)")
  }
}

/// A flag shared between a test and the threads it starts.
final class TestFlag: Sendable {
  private let value = Mutex(false)
  var isSet: Bool { value.withLock { $0 } }
  /// Sets the flag; true only for the call that set it.
  func setOnce() -> Bool {
    value.withLock { wasSet in
      defer { wasSet = true }
      return !wasSet
    }
  }
}
