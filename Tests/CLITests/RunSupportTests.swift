import DeflateBenchResults
import Foundation
import Testing

@testable import DeflateBenchCLI

@Suite("run: results folder and progress text")
struct RunSupportTests {
  @Test("the default folder is Results/<UTC timestamp> without colons")
  func timestampFolder() {
    let date = Date(timeIntervalSince1970: 1_772_366_400)  // 2026-03-01 12:00:00 UTC
    #expect(ResultsFolder.timestamp(date) == "2026-03-01T120000Z")
  }

  @Test("--out is used as given, and is not the default folder")
  func explicitFolder() {
    let folder = ResultsFolder(outPath: "/tmp/somewhere/out")
    #expect(folder.url.path == "/tmp/somewhere/out")
    #expect(!folder.isDefault)
  }

  @Test("durations read as seconds, minutes or hours")
  func durations() {
    #expect(RunProgress.duration(4.4) == "4s")
    #expect(RunProgress.duration(185) == "3m05s")
    #expect(RunProgress.duration(3_725) == "1h02m")
  }

  @Test("a cell is named briefly: backend, level, container, threads, payload set")
  func briefCell() {
    let key = CellKey(corpus: "mixpanel", split: "events=50", backend: "zlib", container: "gzip", level: 6, threads: 2)
    #expect(RunProgress.brief(key) == "zlib 6 gzip x2 mixpanel/events=50")
  }

  @Test("plain progress prints a line per tenth of the run, warnings and failures always")
  func plainProgressLines() {
    let captured = CapturedConsole()
    let progress = RunProgress(console: captured.console, quiet: false)
    let key = CellKey(corpus: "c", split: "whole", backend: "zlib", container: "gzip", level: 1, threads: 1)
    progress.handle(.started(cells: 10, repetitions: 2, skipped: []))
    for step in 1...20 {
      progress.handle(.cellStarted(key, repetition: (step - 1) / 10 + 1, step: step, totalSteps: 20))
      progress.handle(.cellFinished(key, repetition: (step - 1) / 10 + 1, step: step, totalSteps: 20))
    }
    progress.handle(.warning("the load is high"))
    progress.handle(.cellFailed(key, message: "did not round-trip"))
    let lines = captured.error.split(separator: "\n")
    #expect(lines.first == "measuring 10 cells, 2 repetitions each")
    #expect(lines.filter { $0.hasPrefix("[") }.count == 11)
    #expect(lines.contains("warning: the load is high"))
    #expect(lines.contains("failed: c/whole zlib gzip level 1 threads 1: did not round-trip"))
    #expect(!captured.error.contains("\u{1B}"))
  }

  @Test("--quiet prints no progress, but still warnings")
  func quietProgress() {
    let captured = CapturedConsole()
    let progress = RunProgress(console: captured.console, quiet: true)
    let key = CellKey(corpus: "c", split: "whole", backend: "zlib", container: "gzip", level: 1, threads: 1)
    progress.handle(.started(cells: 1, repetitions: 1, skipped: []))
    progress.handle(.cellStarted(key, repetition: 1, step: 1, totalSteps: 1))
    progress.handle(.warning("noisy"))
    #expect(captured.error == "warning: noisy\n")
  }
}
