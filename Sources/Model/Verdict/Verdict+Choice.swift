import DeflateBenchResults
import DeflateBenchSupport

/// What the verdict decides for one payload set, link and device.
public enum VerdictDecision: String, Sendable, CaseIterable {
  /// Some setting's total lies below identity's beyond its interval and saves at least the minimum
  /// saving (`--min-saving`): it beats sending uncompressed (`Verdict.beats`).
  case compress
  /// Neither of the others: the settings and identity cannot be told apart, or the saving is
  /// too small to act on.
  case noMeaningfulDifference = "no_meaningful_difference"
  /// Every setting is slower than identity beyond the intervals (or none shrinks the bodies).
  case sendUncompressed = "send_uncompressed"

  /// The words a person reads: `compress`, `no meaningful difference`, `send uncompressed`.
  public var words: String { rawValue.replacingOccurrences(of: "_", with: " ") }

  /// The rule over every setting, not only the fastest: a setting with a wide interval may be the
  /// fastest on its median while a steadier one saves beyond the noise, and that one decides.
  static func decide(
    _ timed: [Verdict.Timed], identity: VerdictEstimate, parameters: ModelParameters
  ) -> VerdictDecision {
    if timed.contains(where: { Verdict.beats($0.estimate, identity, parameters) }) { return .compress }
    if timed.allSatisfy({ $0.estimate.low > identity.high }) { return .sendUncompressed }
    return .noMeaningfulDifference
  }

  /// Both halves of `--min-saving`: at least `min_saving_ms` and `min_saving_percent` of the
  /// total the saving is made on (`total`, seconds).
  static func meetsMinimum(saving: Double, of total: Double, _ parameters: ModelParameters) -> Bool {
    saving * 1000 >= parameters.minimumSavingMs && 100 * saving >= parameters.minimumSavingPercent * total
  }
}

extension Verdict {
  /// A candidate with its estimate under one link and device.
  struct Timed: Sendable {
    let candidate: VerdictCandidate
    let estimate: VerdictEstimate
  }

  /// `a` beats `b`: its whole interval lies below `b`'s and it saves at least the minimum saving on
  /// `b`'s total. The one comparison behind every rule of the verdict: beating identity decides
  /// `compress`, beating zlib 6 is what it takes to name another setting, and two settings neither
  /// of which beats the other are tied. Within the noise or below the minimum saving, nothing beats.
  static func beats(_ a: VerdictEstimate, _ b: VerdictEstimate, _ parameters: ModelParameters) -> Bool {
    a.high < b.low && VerdictDecision.meetsMinimum(saving: b.mean - a.mean, of: b.mean, parameters)
  }

  /// Every pick of one payload set under one link and device.
  struct Choice: Sendable {
    let link: LinkPreset
    let device: DeviceClass
    /// The candidates that shrink the bodies and whose coding the server accepts (`--accept`):
    /// the only ones that may be picked.
    let candidates: [VerdictCandidate]
    let identity: VerdictEstimate
    let fastest: Timed?
    /// The settings the pick was chosen among besides itself (`best_ties`): those the rule could
    /// not tell from it (`SettingPick`).
    let ties: [Timed]
    let best: Timed?
    let gzip: Timed?
    /// zlib 6 in the gzip container (the anchor), nil when the run has no such usable cell.
    let zlib6: Timed?
    /// Whether some setting beats zlib 6 (nil without it): only then is another setting named.
    let zlib6Beaten: Bool?
    let decision: VerdictDecision

    init(
      _ usable: [VerdictCandidate], bodies: [Double], link: LinkPreset, device: DeviceClass,
      parameters: ModelParameters
    ) {
      let estimate = { (candidate: VerdictCandidate) in
        Timed(candidate: candidate, estimate: candidate.estimate(bodies: bodies, link, device, parameters))
      }
      self.link = link
      self.device = device
      let accepted = usable.filter { parameters.accepts($0.contentEncoding) }
      candidates = accepted.filter(\.shrinks)
      let identity = VerdictEstimate.identity(bodies: bodies, link, device, parameters)
      self.identity = identity
      let timed = candidates.map(estimate)
      fastest = Verdict.fastest(timed)
      decision = VerdictDecision.decide(timed, identity: identity, parameters: parameters)
      let zlib6 = ReferenceCell.default.anchor(among: accepted).map(estimate)
      self.zlib6 = zlib6
      zlib6Beaten = zlib6.map { anchor in timed.contains { Verdict.beats($0.estimate, anchor.estimate, parameters) } }
      // With `compress`, only settings that beat sending uncompressed may be shipped; otherwise
      // the row still names the setting the rule prefers among all, for the table.
      let pool =
        decision == .compress ? timed.filter { Verdict.beats($0.estimate, identity, parameters) } : timed
      let anchorKey = zlib6?.candidate.cell.key
      let pick = SettingPick(pool, anchor: anchorKey, parameters: parameters)
      best = pick.pick
      ties = pick.ties
      if let best, best.candidate.cell.container == Container.gzip.rawValue {
        // The gzip pick is the headline whenever the headline is gzip: one rule, one answer.
        gzip = best
      } else {
        gzip =
          SettingPick(
            pool.filter { $0.candidate.cell.container == Container.gzip.rawValue }, anchor: anchorKey,
            parameters: parameters
          ).pick
      }
    }
  }

  /// The lowest mean total; exact ties by the fixed name order.
  static func fastest(_ timed: [Timed]) -> Timed? {
    timed.min { a, b in
      a.estimate.mean != b.estimate.mean
        ? a.estimate.mean < b.estimate.mean : nameOrder(a.candidate.cell, b.candidate.cell)
    }
  }
}
