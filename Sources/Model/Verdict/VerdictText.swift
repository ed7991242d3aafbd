import DeflateBenchResults
import DeflateBenchSupport

/// The verdict in words: the answer line of each payload set (report.md's `## Answer` and the
/// console's last lines) and a row's decision. Saved time is a
/// positive number ("faster by"), everywhere.
public enum VerdictText {
  /// The console's verdict: one line per payload set.
  public static func consoleLines(_ answers: [PayloadAnswer]) -> [String] {
    answers.map { "  " + $0.line }
  }

  /// `compress`, `no meaningful difference`, `send uncompressed`, as a row's table cell says it.
  public static func decision(_ row: VerdictRow) -> String {
    (row.decision ?? (row.compress ? VerdictDecision.compress.rawValue : VerdictDecision.sendUncompressed.rawValue))
      .replacingOccurrences(of: "_", with: " ")
  }

  /// `LTE`, `3G`, `Wi-Fi`: the preset names as people write them; other names as given.
  public static func linkName(_ name: String) -> String {
    let known = ["3g": "3G", "fast-3g": "fast 3G", "lte": "LTE", "5g": "5G", "wifi": "Wi-Fi"]
    return known[name] ?? name
  }

  /// "faster by 86.2 ms" or "slower by 0.20 ms".
  static func change(_ savingMs: Double) -> String {
    "\(savingMs >= 0 ? "faster" : "slower") by \(NumberText.milliseconds(abs(savingMs))) ms"
  }

  /// The answer for one payload set, for a person (docs/verdict.md shows examples). `device` is the
  /// reference device, named as a sentence names it.
  static func answerLine(_ answer: PayloadAnswer, device: DeviceClass) -> String {
    let label = answer.payloadSetLabel
    let linkText = linkName(answer.referenceLink)
    guard let reference = answer.links.first(where: { $0.link == answer.referenceLink }) else {
      return "\(label): \(answer.decision.replacingOccurrences(of: "_", with: " "))"
    }
    let from = "on \(linkText) from \(device.spoken)"
    var text: String
    switch VerdictDecision(rawValue: answer.decision) ?? .noMeaningfulDifference {
    case .compress:
      let setting = CellText.setting(answer.backend, answer.container, answer.level) ?? "?"
      let percent = reference.identityMs > 0 ? 100 * reference.savingMs / reference.identityMs : 0
      let spread =
        reference.minSavingMs != reference.maxSavingMs
        ? "; \(NumberText.milliseconds(reference.minSavingMs)) to \(NumberText.milliseconds(reference.maxSavingMs)) ms "
          + "across devices"
        : ""
      text =
        "\(label): compress with \(setting): \(change(reference.savingMs)) per request \(from) "
        + "(\(NumberText.fixed(percent, decimals: 0)) %\(spread))"
      let others = answer.links.filter { $0.link != answer.referenceLink }.map {
        "\($0.savingMs >= 0 ? "" : "slower by ")\(NumberText.milliseconds(abs($0.savingMs))) ms on \(linkName($0.link))"
      }
      if !others.isEmpty { text += ", " + others.joined(separator: ", ") }
      text += clause(bodies(answer))
      text += anchorClause(answer, linkText: linkText)
      text += needsClause(answer)
    case .noMeaningfulDifference:
      text =
        "\(label): no meaningful difference (at most \(NumberText.milliseconds(max(reference.savingMs, 0))) ms of "
        + "\(NumberText.milliseconds(reference.identityMs)) ms \(from))" + clause(bodies(answer))
    case .sendUncompressed:
      text =
        reference.bestMs == nil
        ? "\(label): send uncompressed: no setting shrinks the bodies"
        : "\(label): send uncompressed: every setting is slower \(from) (the fastest \(change(reference.savingMs)))"
      text += clause(bodies(answer))
    }
    for other in answer.links where other.decision != answer.decision {
      let what =
        other.ownPick.map { "compress with \($0) (\(change(other.savingMs)))" }
        ?? other.decision.replacingOccurrences(of: "_", with: " ")
      text += "; on \(linkName(other.link)): \(what)"
    }
    if let batch = answer.batchInstead {
      text +=
        "; batch instead: \(batch.events) events per request take \(NumberText.milliseconds(batch.msPerEvent)) ms "
        + "per event on \(linkName(batch.link))"
    }
    return text
  }

  /// "bodies of 34.8 kB (p95 36.1 kB) sent as 3.87 kB (zlib 6: 4.10 kB)", or "a body of 256 kB ...".
  static func bodies(_ answer: PayloadAnswer) -> String {
    guard let median = answer.bodyP50Bytes, let high = answer.bodyP95Bytes else { return "" }
    let p50 = NumberText.bytes(median)
    let p95 = NumberText.bytes(high)
    var text = p50 == p95 ? "bodies of \(p50)" : "bodies of \(p50) (p95 \(p95))"
    guard let wire = answer.wireBytesPerRequest else { return text }
    text += " sent as \(NumberText.bytes(wire)) on average"
    if let zlib6 = answer.zlib6WireBytesPerRequest, zlib6 != wire {
      text += " (\(ReferenceCell.default.label): \(NumberText.bytes(zlib6)))"
    }
    return text
  }

  /// "; TEXT", or nothing for an empty text.
  private static func clause(_ text: String) -> String { text.isEmpty ? "" : "; " + text }

  /// Where zlib 6 stands: the pick itself, beaten (by how much), or absent.
  private static func anchorClause(_ answer: PayloadAnswer, linkText: String) -> String {
    let zlib6 = ReferenceCell.default.label
    guard answer.zlib6Beaten == true, let gap = answer.zlib6GapMs else {
      return answer.zlib6Beaten == false ? "; nothing beats \(zlib6) beyond the noise" : ""
    }
    return "; plain \(zlib6) is \(change(-gap)) on \(linkText)"
  }

  /// What a setting other than gzip needs, and the gzip setting for a server that takes only gzip.
  private static func needsClause(_ answer: PayloadAnswer) -> String {
    guard let container = answer.container, container != Container.gzip.rawValue else { return "" }
    var text = "; needs " + needs(container: container, dictionary: answer.dictionary)
    if let gzip = CellText.setting(answer.gzipBackend, Container.gzip.rawValue, answer.gzipLevel) {
      text += "; with gzip only: \(gzip)" + (answer.gzipGapMs.map { ", \(change(-$0))" } ?? "")
    } else {
      text += "; no gzip setting beats sending uncompressed"
    }
    return text
  }

  /// What shipping a setting of `container` asks of the app and the server beyond gzip.
  static func needs(container: String, dictionary: String?) -> String {
    let coding = Container(rawValue: container)?.contentEncoding ?? "deflate"
    let encoder =
      switch container {
      case Container.zstd.rawValue, Container.dcz.rawValue: "a zstd encoder in the app"
      case Container.br.rawValue: "a brotli encoder in the app"
      default: "the app's zlib"
      }
    let held = dictionary.map { " holding the dictionary \($0)" } ?? ""
    return "\(encoder) and a server\(held) that accepts Content-Encoding: \(coding)"
  }
}
