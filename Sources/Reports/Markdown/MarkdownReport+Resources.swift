import DeflateBenchMeasurement

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
  /// per setting and payload set: what a client that compresses each request from scratch pays.
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
        guard let cold = cell?.cold?.median else { return "—" }
        // Older files have no warm call on the cold payload: the cold figure stands alone.
        let warm = cell?.warmCall.map { " / " + NumberText.significant($0.median) } ?? ""
        return NumberText.significant(cold) + warm
      }
      table.append(
        [MarkdownText.plain(setting.backend), MarkdownText.plain(setting.container), String(setting.level)] + columns)
    }
    return "## Cold calls\n\nCold / warm: median microseconds of CPU time to create a context, compress the payload "
      + "set's median payload (its size in the header) with the CPU caches evicted first, and free the context: "
      + "what a client pays when it compresses one request now and then; then the same payload compressed by a "
      + "context kept from call to call, with both in cache, timed just before.\n\n" + table.render()
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
