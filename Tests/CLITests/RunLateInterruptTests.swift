import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCLI

/// A Ctrl-C that lands after the runner's last look at the cancellation flag, when every cell
/// is measured but the reports are not written yet: the results must still say incomplete, and
/// the run exit 130. Run in-process, through `RunSession.afterMeasuring`, since no real signal
/// can be timed into that window.
@Suite("run: Ctrl-C after the last cell")
struct RunLateInterruptTests {
  @Test("the results are marked incomplete and the run exits 130")
  func lateInterruptMarksTheRunIncomplete() throws {
    let scratch = try ScratchDirectory("run-late-interrupt")
    let parsed = try ArgumentParser.parse(
      [
        "--quick", "--quiet", "--corpus", "json-events:mixpanel:count=20,events=10", "--backends", "zlib",
        "--levels", "1", "--out", scratch.path("out"),
      ], for: RunCommand.spec)
    var session = RunSession(options: try RunOptions(parsed), console: CapturedConsole().console)
    var measuredEverything = false
    session.afterMeasuring = { cancellation in
      // The runner returned having seen no interrupt; the signal arrives now.
      measuredEverything = !cancellation.isCancelled
      cancellation.cancel()
    }

    let status = try session.execute()
    #expect(measuredEverything)
    #expect(status == .interrupted)
    let document = try #require(try scratch.jsonObject("out/results.json"))
    #expect(document["complete"] as? Bool == false)
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.contains("INCOMPLETE"))
  }
}
