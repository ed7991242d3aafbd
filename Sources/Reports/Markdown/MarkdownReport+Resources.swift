import DeflateBenchModel
import DeflateBenchResults

extension MarkdownReport {
  /// Working memory per setting. It hardly depends on the input, so one table covers every
  /// payload set; where it does differ, the range is shown.
  static func memorySection(_ cells: [SummarizedCell]) -> String? {
    let settings = SettingRows(cells)
    guard !settings.rows.isEmpty else { return nil }
    var table = MarkdownTable(text: ["Backend", "Container"], numbers: ["Level", "Memory"])
    var anyMissing = false
    for setting in settings.rows {
      let counted = settings.cells(of: setting).compactMap(\.cell.memoryBytes)
      let memory: String
      if let low = counted.min(), let high = counted.max() {
        memory = low == high ? NumberText.bytes(low) : "\(NumberText.bytes(low)) – \(NumberText.bytes(high))"
      } else {
        memory = "—"
        anyMissing = true
      }
      table.append([
        MarkdownText.plain(setting.backend), MarkdownText.plain(setting.container), String(setting.level), memory,
      ])
    }
    let note = anyMissing ? "\n— : the backend has no allocator hook, so its memory could not be counted.\n" : ""
    return "## Memory\n\nPeak bytes one compressor allocated, from the codec layer's allocator hooks.\n\n"
      + table.render() + note
  }

  /// Cold-call cost (create a context, compress the median payload from cold caches, free it)
  /// per setting and payload set, as its extra over the warm call on the same payload with the
  /// class of that extra (`ColdExtra`): what a client that compresses each request from scratch
  /// pays beyond one that keeps its context.
  static func coldCallSection(_ sets: [PayloadSetCells]) -> String? {
    let cells = sets.flatMap(\.cells).filter { $0.cold != nil }
    let settings = SettingRows(cells)
    guard !settings.rows.isEmpty else { return nil }
    let headers = sets.map { set -> String in
      let size = set.cells.compactMap(\.cell.coldPayloadBytes).first.map { " (\(NumberText.bytes($0)))" } ?? ""
      return MarkdownText.plain(set.label) + size
    }
    var table = MarkdownTable(text: ["Backend", "Container"], numbers: ["Level"] + headers)
    for setting in settings.rows {
      let columns = sets.map { set -> String in
        let cell = settings.cells(of: setting)
          .first { $0.cell.payloadSetLabel == set.label && $0.cell.threads == set.baseThreads }
        return cell.map(coldCallText) ?? "—"
      }
      table.append(
        [MarkdownText.plain(setting.backend), MarkdownText.plain(setting.container), String(setting.level)] + columns)
    }
    return "## Cold calls\n\n" + coldCountLine(cells.compactMap(\.coldExtra)) + "\n\n"
      + "Each entry is the cold call's extra over the warm call, in microseconds of CPU time, and its class, "
      + "then in parentheses the median cold / median warm call. Cold: create a context, compress the payload set's "
      + "median payload (its size in the header) with the CPU caches evicted first, and free the context, what a "
      + "client pays when it compresses one request now and then. Warm: the same payload compressed by a context "
      + "kept from call to call, with both in cache, timed just before. The extra is the median over repetitions "
      + "of cold minus warm within each back-to-back pair (so not the difference of the two medians), with a 95 % "
      + "bootstrap interval: **penalty** when the interval lies above 0, **within noise** (≈0) when it contains "
      + "0, the cold call not measurably dearer than the warm one on this machine, **below** when it lies under 0, "
      + "which happens by chance to about one cell in 40 of those whose true extra is 0.\n\n" + table.render()
  }

  /// One line counting the classes, so the table's story is told before the table.
  static func coldCountLine(_ extras: [ColdExtra]) -> String {
    let count = { (finding: ColdExtra.Finding) in extras.filter { $0.finding == finding }.count }
    var parts = [
      "\(count(.penalty)) with a cold penalty", "\(count(.withinNoise)) within noise",
      "\(count(.below)) below the warm call",
    ]
    if count(.tooFewSamples) > 0 {
      parts.append(
        "\(count(.tooFewSamples)) with too few samples to tell (fewer than \(SampleSummary.minimumSamplesForInterval))")
    }
    return "Cold calls of \(extras.count) cells: " + parts.joined(separator: ", ") + "."
  }

  /// `+312 (penalty; 3800 / 3488)`; the cold median alone for a file without warm calls.
  static func coldCallText(_ cell: SummarizedCell) -> String {
    guard let cold = cell.cold?.median else { return "—" }
    guard let warm = cell.warmCall?.median, let extra = cell.coldExtra else { return NumberText.significant(cold) }
    let medians = NumberText.significant(cold) + " / " + NumberText.significant(warm)
    switch extra.finding {
    case .penalty: return NumberText.signedSignificant(extra.medianMicroseconds) + " (penalty; \(medians))"
    case .withinNoise: return "≈0 (within noise; \(medians))"
    case .below: return NumberText.signedSignificant(extra.medianMicroseconds) + " (below; \(medians))"
    case .tooFewSamples:
      return NumberText.signedSignificant(extra.medianMicroseconds) + " (too few samples; \(medians))"
    }
  }
}

/// Cells grouped by setting (backend, container, level), settings in key order.
private struct SettingRows {
  struct Setting: Hashable {
    let backend: String
    let container: String
    let level: Int
  }

  private(set) var rows: [Setting] = []
  private var members: [Setting: [SummarizedCell]] = [:]

  init(_ cells: [SummarizedCell]) {
    for summarized in cells {
      let cell = summarized.cell
      let setting = Setting(backend: cell.backend, container: cell.container, level: cell.level)
      if members[setting] == nil { rows.append(setting) }
      members[setting, default: []].append(summarized)
    }
    rows.sort { ($0.backend, $0.container, $0.level) < ($1.backend, $1.container, $1.level) }
  }

  func cells(of setting: Setting) -> [SummarizedCell] { members[setting, default: []] }
}
