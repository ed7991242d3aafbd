import DeflateBenchResults

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

  /// The answer for one payload set, for a person (docs/verdict.md shows examples).
  static func answerLine(_ answer: PayloadAnswer) -> String {
    let label = answer.payloadSetLabel
    let linkText = linkName(answer.referenceLink)
    let device = answer.referenceDevice
    guard let reference = answer.links.first(where: { $0.link == answer.referenceLink }) else {
      return "\(label): \(answer.decision.replacingOccurrences(of: "_", with: " "))"
    }
    var text: String
    switch VerdictDecision(rawValue: answer.decision) ?? .noMeaningfulDifference {
    case .compress:
      let setting = CellText.setting(answer.backend, answer.container, answer.level) ?? "?"
      let needs = answer.dictionary.map { " + \($0), which the server must hold" } ?? ""
      let gzipSetting = CellText.setting(answer.gzipBackend, "gzip", answer.gzipLevel)
      let gzip = gzipSetting.flatMap { $0 == setting ? nil : " (gzip: \($0))" } ?? ""
      let percent = reference.identityMs > 0 ? 100 * reference.savingMs / reference.identityMs : 0
      let spread =
        reference.minSavingMs != reference.maxSavingMs
        ? "; \(NumberText.milliseconds(reference.minSavingMs)) to \(NumberText.milliseconds(reference.maxSavingMs)) ms "
          + "across devices"
        : ""
      text =
        "\(label): compress with \(setting)\(needs)\(gzip): \(change(reference.savingMs)) per request on \(linkText) "
        + "from \(device) (\(NumberText.fixed(percent, decimals: 0)) %\(spread))"
      let others = answer.links.filter { $0.link != answer.referenceLink }.map {
        "\($0.savingMs >= 0 ? "" : "slower by ")\(NumberText.milliseconds(abs($0.savingMs))) ms on \(linkName($0.link))"
      }
      if !others.isEmpty { text += ", " + others.joined(separator: ", ") }
      if answer.zlib6Enough {
        text += "; \(ReferenceCell.default.label) is enough (tied with it)"
      } else if let gap = answer.zlib6GapMs {
        text += "; plain \(ReferenceCell.default.label) is \(change(-gap)) on \(linkText)"
      }
    case .noMeaningfulDifference:
      text =
        "\(label): no meaningful difference (at most \(NumberText.milliseconds(max(reference.savingMs, 0))) ms of "
        + "\(NumberText.milliseconds(reference.identityMs)) ms on \(linkText) from \(device))"
    case .sendUncompressed:
      text =
        reference.bestMs == nil
        ? "\(label): send uncompressed: no setting shrinks the bodies"
        : "\(label): send uncompressed: every setting is slower on \(linkText) from \(device) "
          + "(the fastest \(change(reference.savingMs)))"
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
}
