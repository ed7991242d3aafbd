import DeflateBenchMeasurement
import DeflateBenchResults
import Foundation

/// Shows a run's progress on stderr: a one-line bar redrawn in place on a terminal, a plain line
/// every tenth of the run otherwise, nothing with `--quiet`. Warnings and failed cells are always
/// printed, on their own lines.
final class RunProgress {
  enum Style {
    case bar
    case lines
    case silent
  }

  private let console: Console
  private let style: Style
  private let color: Bool
  private let clock: any MeasurementClock
  private var startNanoseconds: UInt64 = 0
  private var lastDrawNanoseconds: UInt64 = 0
  private var lastDecile = -1
  private var barVisible = false
  private var repetitions = 1
  /// The cell being visited, from its start event to its end event; the one an interrupt drops.
  private var visiting: CellKey?

  init(console: Console, quiet: Bool, clock: any MeasurementClock = SystemClock()) {
    self.console = console
    style = quiet ? .silent : (console.errorIsTerminal ? .bar : .lines)
    color = console.usesColor
    self.clock = clock
  }

  func handle(_ event: RunEvent) {
    switch event {
    case .started(let cells, let repetitions, _):
      self.repetitions = repetitions
      startNanoseconds = clock.wallNanoseconds()
      if style != .silent {
        let plural = repetitions == 1 ? "" : "s"
        console.error("measuring \(cells) cells, \(repetitions) repetition\(plural) each\n")
      }
    case .cellStarted(let key, let repetition, let step, let total):
      visiting = key
      show(key: key, repetition: repetition, done: step - 1, total: total)
    case .cellFinished(let key, let repetition, let step, let total):
      visiting = nil
      if step == total { show(key: key, repetition: repetition, done: step, total: total, force: true) }
    case .cellFailed(let key, let message):
      visiting = nil
      printLine(paint("failed", code: "31") + ": \(key): \(message)")
    case .warning(let message):
      printLine(paint("warning", code: "33") + ": \(message)")
    case .interrupted(let done, let total):
      let dropped = visiting.map { "; dropped the unfinished cell \(Self.brief($0))" } ?? ""
      printLine("interrupted after \(done) of \(total) steps\(dropped); writing what was measured")
    case .repetitionFinished:
      break
    }
  }

  /// Says that the run stopped without waiting for the runner: `dropped` was inside a library
  /// call that had not returned `seconds` after the interrupt. Printed even with `--quiet`, like
  /// every interruption.
  func abandoned(dropped: CellKey?, after seconds: Double) {
    let cell = dropped.map { "the unfinished cell \(Self.brief($0))" } ?? "the cell in progress"
    printLine(
      "interrupted: dropped \(cell), whose library call was still running \(Int(seconds)) s after the interrupt; "
        + "writing what was measured")
  }

  /// Clears the bar so the final summary starts on a clean line.
  func finish() {
    if barVisible {
      console.error("\r\u{1B}[K")
      barVisible = false
    }
  }

  private func show(key: CellKey, repetition: Int, done: Int, total: Int, force: Bool = false) {
    let now = clock.wallNanoseconds()
    let percent = total > 0 ? 100 * done / total : 100
    let status =
      "\(done)/\(total) · repetition \(repetition)/\(repetitions) · \(Self.brief(key)) · ETA \(eta(done: done, total: total, now: now))"
    switch style {
    case .silent:
      return
    case .lines:
      // A line per tenth of the run: a CI log stays readable and still shows the run is alive.
      let decile = percent / 10
      guard decile > lastDecile else { return }
      lastDecile = decile
      console.error("[\(percent)%] \(status)\n")
    case .bar:
      // Redrawing more than ten times a second costs terminal time and shows nothing new.
      guard force || now &- lastDrawNanoseconds >= 100_000_000 else { return }
      lastDrawNanoseconds = now
      let width = 24
      let filled = total > 0 ? width * done / total : width
      let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
      var line = "[\(bar)] \(percent)% \(status)"
      let columns = Self.terminalColumns()
      if line.count > columns - 1 { line = String(line.prefix(columns - 1)) }
      console.error("\r\u{1B}[K" + line)
      barVisible = true
    }
  }

  private func printLine(_ text: String) {
    if barVisible { console.error("\r\u{1B}[K") }
    console.error(text + "\n")
    barVisible = false
    lastDrawNanoseconds = 0
  }

  private func eta(done: Int, total: Int, now: UInt64) -> String {
    guard done > 0 else { return "..." }
    let elapsed = Double(now &- startNanoseconds) / 1e9
    let remaining = elapsed / Double(done) * Double(total - done)
    return Self.duration(remaining)
  }

  /// `45s`, `3m05s`, `1h02m`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    if whole < 60 { return "\(whole)s" }
    if whole < 3_600 { return "\(whole / 60)m" + twoDigits(whole % 60) + "s" }
    return "\(whole / 3_600)h" + twoDigits(whole % 3_600 / 60) + "m"
  }

  private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// `zlib 6 gzip mixpanel/events=50`, plus `x2` for two threads.
  static func brief(_ key: CellKey) -> String {
    let threads = key.threads > 1 ? " x\(key.threads)" : ""
    return "\(key.backend) \(key.level) \(key.container)\(threads) \(key.corpus)/\(key.split)"
  }

  private func paint(_ text: String, code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  private static func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 else { return 100 }
    return Int(size.ws_col)
  }
}
