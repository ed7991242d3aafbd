import DeflateBenchResults
import DeflateBenchSupport
import Foundation

/// The parts of one payload set's answer line (`VerdictText.answerLine`): the headline in what
/// the decision weighed (the time per request, or with `--objective energy` the phone's energy
/// per request in session), the other quantity beside it, and the clauses every line shares.
struct AnswerLine {
  let answer: PayloadAnswer
  /// The answer's reference link.
  let reference: LinkAnswer
  let device: DeviceClass

  var linkText: String { VerdictText.linkName(answer.referenceLink) }
  private var from: String { "on \(linkText) from \(device.spoken)" }

  /// Decided on energy, whose figures the reference link carries whenever it was.
  var onEnergy: Bool { answer.objective == VerdictObjective.energy.rawValue && reference.energy != nil }

  // MARK: - Headlines

  /// What the shipped setting saves on the reference link, its share, and on every other link.
  func compressHeadline() -> String {
    guard onEnergy, let energy = reference.energy, let saving = energy.inSession.savingMj else {
      return timeCompressHeadline()
    }
    let shares =
      "\(percent(saving, of: energy.inSession.identityMj)) % in session, "
      + "\(percent(saving, of: energy.isolated.identityMj)) % of an isolated upload"
    let others = answer.links.filter { $0.link != answer.referenceLink }.compactMap { link in
      link.energy?.inSession.savingMj.map { saving in
        let amount = NumberText.energy(millijoules: abs(saving))
        return (saving >= 0 ? amount : "costs \(amount) more") + " on \(VerdictText.linkName(link.link))"
      }
    }
    return "\(VerdictText.energyChange(saving)) per request \(from) (\(shares))"
      + (others.isEmpty ? "" : ", " + others.joined(separator: ", "))
  }

  private func timeCompressHeadline() -> String {
    let percent = reference.identityMs > 0 ? 100 * reference.savingMs / reference.identityMs : 0
    let spread =
      reference.minSavingMs != reference.maxSavingMs
      ? "; \(NumberText.milliseconds(reference.minSavingMs)) to \(NumberText.milliseconds(reference.maxSavingMs)) ms "
        + "across devices"
      : ""
    let others = answer.links.filter { $0.link != answer.referenceLink }.map {
      "\($0.savingMs >= 0 ? "" : "slower by ")\(NumberText.milliseconds(abs($0.savingMs))) ms on "
        + VerdictText.linkName($0.link)
    }
    return "\(VerdictText.change(reference.savingMs)) per request \(from) "
      + "(\(NumberText.fixed(percent, decimals: 0)) %\(spread))"
      + (others.isEmpty ? "" : ", " + others.joined(separator: ", "))
  }

  /// The most any setting saves, against the request's total, inside the noise or the minimum.
  func noDifferenceHeadline() -> String {
    if onEnergy, let energy = reference.energy {
      let saving = max(energy.inSession.savingMj ?? 0, 0)
      return "no meaningful difference (at most \(NumberText.energy(millijoules: saving)) of "
        + "\(NumberText.energy(millijoules: energy.inSession.identityMj)) per request in session \(from))"
    }
    return "no meaningful difference (at most \(NumberText.milliseconds(max(reference.savingMs, 0))) ms of "
      + "\(NumberText.milliseconds(reference.identityMs)) ms \(from))"
  }

  func uncompressedHeadline() -> String {
    guard reference.bestMs != nil else { return "send uncompressed: no setting shrinks the bodies" }
    if onEnergy, let saving = reference.energy?.inSession.savingMj {
      return "send uncompressed: every setting costs more energy \(from) (the cheapest "
        + "\(VerdictText.energyChange(saving)))"
    }
    return "send uncompressed: every setting is slower \(from) (the fastest \(VerdictText.change(reference.savingMs)))"
  }

  // MARK: - Clauses

  /// "; decided on energy", or why an energy-objective answer was decided on time; nothing for
  /// the time objective, which report.md's and the console's heading name.
  func objectiveClause() -> String {
    if answer.objective == VerdictObjective.energy.rawValue { return "; decided on energy" }
    return answer.objectiveNote.map { "; " + $0 } ?? ""
  }

  /// For a line decided on time: what the setting it speaks of does to the phone's energy on the
  /// reference link, and that as a share of an isolated upload, whose radio wake-up and tail no
  /// setting changes (docs/energy.md). Nothing where the energy is not modelled.
  func energyClause() -> String {
    guard !onEnergy, let energy = reference.energy, let saving = energy.inSession.savingMj,
      energy.isolated.identityMj > 0
    else { return "" }
    let compress = answer.decision == VerdictDecision.compress.rawValue
    return "; " + (compress ? "" : "the fastest setting ") + VerdictText.energyChange(saving, would: !compress)
      + " per request on \(linkText), \(percent(saving, of: energy.isolated.identityMj)) % of an isolated upload"
  }

  /// Where zlib 6 stands: the pick itself, beaten (by how much), or absent.
  func anchorClause() -> String {
    let zlib6 = ReferenceCell.default.label
    let reference = ReferenceCell.default
    let namesZlib6 = answer.backend == reference.backend && answer.level == reference.level && answer.dictionary == nil
    guard answer.zlib6Beaten == true else {
      guard answer.zlib6Beaten == false else { return "" }
      // Not beaten, yet not named: zlib 6 itself does not beat sending uncompressed here.
      return namesZlib6
        ? "; nothing beats \(zlib6) beyond the noise" : "; \(zlib6) does not beat sending uncompressed beyond the noise"
    }
    if onEnergy, let gap = answer.zlib6GapMj {
      return "; plain \(zlib6) \(VerdictText.energyChange(-gap)) on \(linkText)"
    }
    return answer.zlib6GapMs.map { "; plain \(zlib6) is \(VerdictText.change(-$0)) on \(linkText)" } ?? ""
  }

  /// What a setting other than gzip needs, and the gzip setting for a server that takes only gzip.
  func needsClause() -> String {
    guard let container = answer.container, container != Container.gzip.rawValue else { return "" }
    var text = "; needs " + VerdictText.needs(container: container, dictionary: answer.dictionary)
    guard let gzip = CellText.setting(answer.gzipBackend, Container.gzip.rawValue, answer.gzipLevel) else {
      return text + "; no gzip setting beats sending uncompressed"
    }
    let gap =
      onEnergy
      ? answer.gzipGapMj.map { VerdictText.energyChange(-$0) } : answer.gzipGapMs.map { VerdictText.change(-$0) }
    text += "; with gzip only: \(gzip)" + (gap.map { ", " + $0 } ?? "")
    return text
  }

  /// `saving` as a percentage of `total`, to two significant figures: "57", "1.9", "0.034".
  private func percent(_ saving: Double, of total: Double) -> String {
    guard total > 0 else { return "—" }
    let value = 100 * abs(saving) / total
    switch value {
    case 10...: return NumberText.fixed(value, decimals: 0)
    case 1..<10: return NumberText.fixed(value, decimals: 1)
    case 0: return "0"
    default: return NumberText.fixed(value, decimals: Int(-floor(log10(value))) + 1)
    }
  }
}
