import DeflateBenchMeasurement

/// The verdict as the console prints it at the end of `run`: one line per payload set and link,
/// every device on that line.
public enum VerdictText {
  public static func consoleLines(_ rows: [VerdictRow]) -> [String] {
    var order: [String] = []
    var grouped: [String: [VerdictRow]] = [:]
    for row in rows {
      let key = "\(row.payloadSetLabel)  \(row.link)"
      if grouped[key] == nil { order.append(key) }
      grouped[key, default: []].append(row)
    }
    let width = order.map(\.count).max() ?? 0
    return order.map { key in
      let devices = grouped[key, default: []].map { row in "\(row.device): \(answer(row))" }
      return "  " + key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + devices.joined(separator: "; ")
    }
  }

  /// The whole-body answer, then the streaming comparison when the row has one.
  public static func answer(_ row: VerdictRow) -> String {
    wholeBodyAnswer(row) + (streamingAnswer(row).map { "; " + $0 } ?? "")
  }

  /// `stream zstd 1 in 256 KiB chunks: 31,200 ms (-1,400 ms)` or
  /// `streaming (zlib 1, 256 KiB) would take 150 ms (+4.1 ms)`.
  public static func streamingAnswer(_ row: VerdictRow) -> String? {
    guard let ms = row.streamingMs, let saving = row.streamingSavingMs, let chunk = row.streamingChunkBytes,
      let setting = MarkdownReport.setting(row.streamingBackend, row.streamingContainer, row.streamingLevel)
    else { return nil }
    let change = "\(saving > 0 ? "-" : "+")\(NumberText.milliseconds(abs(saving))) ms"
    if row.stream == true {
      return "stream \(setting) in \(NumberText.bytes(chunk)) chunks: \(NumberText.milliseconds(ms)) ms (\(change))"
    }
    return "streaming (\(setting), \(NumberText.bytes(chunk))) would take \(NumberText.milliseconds(ms)) ms (\(change))"
  }

  /// `zstd 3 (gzip: isal 1), 812 -> 640 ms (-21 %)` or `send uncompressed (best zstd 3: +4 %)`.
  static func wholeBodyAnswer(_ row: VerdictRow) -> String {
    let identity = NumberText.milliseconds(row.identityMs)
    guard let best = MarkdownReport.setting(row.bestBackend, row.bestContainer, row.bestLevel), let bestMs = row.bestMs
    else { return "send uncompressed (no setting shrinks the bodies), \(identity) ms" }
    guard row.compress else {
      return "send uncompressed, \(identity) ms (best \(best) would take \(NumberText.milliseconds(bestMs)) ms)"
    }
    let gzip = MarkdownReport.setting(row.gzipBackend, "gzip", row.gzipLevel).map { " (gzip: \($0))" } ?? ""
    // A dictionary setting only works where the server holds the same dictionary.
    let needs = row.bestDictionary.map { " + \($0), needs the dictionary on the server" } ?? ""
    return "\(best)\(needs)\(gzip), \(identity) -> \(NumberText.milliseconds(bestMs)) ms "
      + "(\(NumberText.signedPercent(-row.savingPct)))"
  }
}
