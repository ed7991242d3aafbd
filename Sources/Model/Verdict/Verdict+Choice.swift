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

  /// Every decision's words by its name in results.json, as `model.decision_words` carries them.
  public static var allWords: [String: String] {
    Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.words) })
  }

  /// The rule over every setting, not only the fastest: a setting with a wide interval may be the
  /// fastest on its median while a steadier one saves beyond the noise, and that one decides.
  /// `identity` and each setting's `weighed` are in the objective's unit.
  static func decide(_ timed: [Verdict.Timed], identity: Weighed, minimum: MinimumSaving) -> VerdictDecision {
    if timed.contains(where: { Verdict.beats($0.weighed, identity, minimum) }) { return .compress }
    if timed.allSatisfy({ $0.weighed.low > identity.high }) { return .sendUncompressed }
    return .noMeaningfulDifference
  }

  /// Both halves of `--min-saving`: at least its milliseconds (or millijoules) and its percentage
  /// of the total the saving is made on (`saving` and `total` in seconds, or joules).
  static func meetsMinimum(saving: Double, of total: Double, _ minimum: MinimumSaving) -> Bool {
    saving * 1000 >= minimum.milli && 100 * saving >= minimum.percent * total
  }
}

extension Verdict {
  /// A candidate with its modelled time under one link and device, and what the rules weigh:
  /// that time, or its energy with the energy objective.
  struct Timed: Sendable {
    let candidate: VerdictCandidate
    let estimate: VerdictEstimate
    let weighed: Weighed
  }

  /// `a` beats `b`: its whole interval lies below `b`'s and it saves at least the minimum saving on
  /// `b`'s total. The one comparison behind every rule of the verdict: beating identity decides
  /// `compress`, beating zlib 6 is what it takes to name another setting, and two settings neither
  /// of which beats the other are tied. Within the noise or below the minimum saving, nothing beats.
  /// The same for times and energies: both arguments and `minimum` are in one objective's unit.
  static func beats(_ a: Weighed, _ b: Weighed, _ minimum: MinimumSaving) -> Bool {
    a.high < b.low && VerdictDecision.meetsMinimum(saving: b.mean - a.mean, of: b.mean, minimum)
  }

  /// Every pick of one payload set under one link and device.
  struct Choice: Sendable {
    let link: LinkPreset
    let device: DeviceClass
    /// What the decision and the picks weigh here: the run's objective, or time where energy is
    /// not modelled.
    let objective: Objective
    /// The candidates that shrink the bodies and whose coding the server accepts (`--accept`):
    /// the only ones that may be picked.
    let candidates: [VerdictCandidate]
    /// Each of `candidates` with its time and what the objective weighs.
    let timed: [Timed]
    let identity: VerdictEstimate
    /// What the objective weighs for sending uncompressed.
    let identityWeighed: Weighed
    /// The lowest modelled time, and the lowest of what the objective weighs (the same setting
    /// with the time objective).
    let fastest: Timed?
    let leading: Timed?
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
      let objective = Objective(parameters, link: link, device: device)
      let estimate = { (candidate: VerdictCandidate) in
        let time = candidate.estimate(bodies: bodies, link, device, parameters)
        return Timed(
          candidate: candidate, estimate: time,
          weighed: objective.weigh(
            candidate, time: time, bodies: bodies, link: link, device: device, parameters: parameters))
      }
      self.link = link
      self.device = device
      self.objective = objective
      let minimum = objective.minimum
      let accepted = usable.filter { parameters.accepts($0.contentEncoding) }
      candidates = accepted.filter(\.shrinks)
      let identity = VerdictEstimate.identity(bodies: bodies, link, device, parameters)
      self.identity = identity
      let identityWeighed = objective.weighIdentity(
        time: identity, bodies: bodies, link: link, device: device, parameters: parameters)
      self.identityWeighed = identityWeighed
      let timed = candidates.map(estimate)
      self.timed = timed
      fastest = Verdict.lowest(timed) { $0.estimate.mean }
      leading = Verdict.lowest(timed) { $0.weighed.mean }
      decision = VerdictDecision.decide(timed, identity: identityWeighed, minimum: minimum)
      let zlib6 = ReferenceCell.default.anchor(among: accepted).map { anchor in
        timed.first { $0.candidate.cell.key == anchor.cell.key } ?? estimate(anchor)
      }
      self.zlib6 = zlib6
      zlib6Beaten = zlib6.map { anchor in timed.contains { Verdict.beats($0.weighed, anchor.weighed, minimum) } }
      // With `compress`, only settings that beat sending uncompressed may be shipped; otherwise
      // the row still names the setting the rule prefers among all, for the table.
      let pool =
        decision == .compress ? timed.filter { Verdict.beats($0.weighed, identityWeighed, minimum) } : timed
      let anchorKey = zlib6?.candidate.cell.key
      let pick = SettingPick(pool, anchor: anchorKey, minimum: minimum)
      best = pick.pick
      ties = pick.ties
      if let best, best.candidate.cell.container == Container.gzip.rawValue {
        // The gzip pick is the headline whenever the headline is gzip: one rule, one answer.
        gzip = best
      } else {
        gzip =
          SettingPick(
            pool.filter { $0.candidate.cell.container == Container.gzip.rawValue }, anchor: anchorKey,
            minimum: minimum
          ).pick
      }
    }
  }

  /// The lowest `value` (a mean time, or what the objective weighs); exact ties by the fixed name
  /// order.
  static func lowest(_ timed: [Timed], by value: (Timed) -> Double) -> Timed? {
    timed.min { a, b in
      value(a) != value(b) ? value(a) < value(b) : nameOrder(a.candidate.cell, b.candidate.cell)
    }
  }
}
