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

  /// "saves 222 mJ" or "costs 3.10 mJ more"; "would save ..." for a setting not recommended.
  static func energyChange(_ savingMj: Double, would: Bool = false) -> String {
    let amount = NumberText.energy(millijoules: abs(savingMj))
    if savingMj >= 0 { return would ? "would save \(amount)" : "saves \(amount)" }
    return would ? "would cost \(amount) more" : "costs \(amount) more"
  }

  /// The answer for one payload set, for a person (docs/verdict.md shows examples). `device` is the
  /// reference device, named as a sentence names it. Its headline is in what the decision weighed
  /// (time, or energy in session), with the other beside it.
  static func answerLine(_ answer: PayloadAnswer, device: DeviceClass) -> String {
    let label = answer.payloadSetLabel
    guard let reference = answer.links.first(where: { $0.link == answer.referenceLink }) else {
      return "\(label): \(answer.decision.replacingOccurrences(of: "_", with: " "))"
    }
    let line = AnswerLine(answer: answer, reference: reference, device: device)
    var text = "\(label): "
    switch VerdictDecision(rawValue: answer.decision) ?? .noMeaningfulDifference {
    case .compress:
      let setting = CellText.setting(answer.backend, answer.container, answer.level) ?? "?"
      text += "compress with \(setting): " + line.compressHeadline() + line.objectiveClause()
      text += line.onEnergy ? "; \(change(reference.savingMs)) per request on \(line.linkText)" : line.energyClause()
      text += clause(bodies(answer))
      text += line.anchorClause()
      text += line.needsClause()
    case .noMeaningfulDifference:
      text += line.noDifferenceHeadline() + line.objectiveClause() + line.energyClause() + clause(bodies(answer))
    case .sendUncompressed:
      text += line.uncompressedHeadline() + line.objectiveClause() + line.energyClause() + clause(bodies(answer))
    }
    for other in answer.links where other.decision != answer.decision {
      let saving = line.onEnergy ? other.energy?.inSession.savingMj.map { energyChange($0) } : change(other.savingMs)
      let what =
        other.ownPick.map { "compress with \($0)" + (saving.map { " (\($0))" } ?? "") }
        ?? other.decision.replacingOccurrences(of: "_", with: " ")
      text += "; on \(linkName(other.link)): \(what)"
    }
    if let batch = answer.batchInstead {
      text +=
        "; batch instead: \(batch.events) events per request take \(NumberText.milliseconds(batch.msPerEvent)) ms "
        + "per event on \(linkName(batch.link))"
        + (batch.mjPerEvent.map { " (\(NumberText.energy(millijoules: $0)) per event, each request isolated)" } ?? "")
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
  static func clause(_ text: String) -> String { text.isEmpty ? "" : "; " + text }

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
