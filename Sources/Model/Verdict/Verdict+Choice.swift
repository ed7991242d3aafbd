import DeflateBenchResults

/// What the verdict decides for one payload set, link and device.
public enum VerdictDecision: String, Sendable, CaseIterable {
  /// The fastest setting's total lies below identity's beyond both intervals, and saves at least
  /// the minimum saving (`--min-saving`).
  case compress
  /// Neither of the others: the settings and identity cannot be told apart, or the saving is
  /// too small to act on.
  case noMeaningfulDifference = "no_meaningful_difference"
  /// Every setting is slower than identity beyond the intervals (or none shrinks the bodies).
  case sendUncompressed = "send_uncompressed"

  /// The rule: `identity` has no interval of its own (no speeds), so "beyond both intervals"
  /// reads as the setting's whole interval on one side of identity's total.
  static func decide(
    fastest: VerdictEstimate?, all: [VerdictEstimate], identity: VerdictEstimate, parameters: ModelParameters
  ) -> VerdictDecision {
    guard let fastest else { return .sendUncompressed }
    if fastest.high < identity.low && meetsMinimum(saving: identity.mean - fastest.mean, of: identity, parameters) {
      return .compress
    }
    if all.allSatisfy({ $0.low > identity.high }) { return .sendUncompressed }
    return .noMeaningfulDifference
  }

  /// Both halves of `--min-saving`: at least `min_saving_ms` and `min_saving_percent` of identity.
  static func meetsMinimum(saving: Double, of identity: VerdictEstimate, _ parameters: ModelParameters) -> Bool {
    saving * 1000 >= parameters.minimumSavingMs && 100 * saving >= parameters.minimumSavingPercent * identity.mean
  }
}

extension Verdict {
  /// A candidate with its estimate under one link and device.
  struct Timed: Sendable {
    let candidate: VerdictCandidate
    let estimate: VerdictEstimate
  }

  /// Every pick of one payload set under one link and device.
  struct Choice: Sendable {
    let link: LinkPreset
    let device: DeviceClass
    /// The candidates that shrink the bodies, the only ones that may be picked.
    let candidates: [VerdictCandidate]
    let identity: VerdictEstimate
    let fastest: Timed?
    /// The candidates tied with the fastest (the fastest included); for `compress`, only those
    /// that also save the minimum.
    let tied: [Timed]
    let best: Timed?
    let gzip: Timed?
    let zlib6: Timed?
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
      candidates = usable.filter(\.shrinks)
      identity = VerdictEstimate.identity(bodies: bodies, link, device, parameters)
      let timed = candidates.map(estimate)
      let fastest = Verdict.fastest(timed)
      decision = VerdictDecision.decide(
        fastest: fastest?.estimate, all: timed.map(\.estimate), identity: identity, parameters: parameters)
      var tied = Verdict.tied(with: fastest, among: timed, parameters)
      if decision == .compress {
        let identity = identity
        tied = tied.filter {
          VerdictDecision.meetsMinimum(saving: identity.mean - $0.estimate.mean, of: identity, parameters)
        }
      }
      self.fastest = fastest
      self.tied = tied
      best = Verdict.cheapest(tied)
      let gzipTimed = timed.filter { $0.candidate.cell.container == "gzip" }
      gzip = Verdict.cheapest(Verdict.tied(with: Verdict.fastest(gzipTimed), among: gzipTimed, parameters))
      zlib6 = usable.first { ReferenceCell.default.isSetting(of: $0.cell) }.map(estimate)
    }
  }

  /// The lowest mean total; exact ties by the fixed name order.
  static func fastest(_ timed: [Timed]) -> Timed? {
    timed.min { a, b in
      a.estimate.mean != b.estimate.mean
        ? a.estimate.mean < b.estimate.mean : nameOrder(a.candidate.cell, b.candidate.cell)
    }
  }

  /// The settings that cannot be told from the fastest: intervals that overlap, or a total within
  /// the time tolerance of the fastest's.
  static func tied(with fastest: Timed?, among timed: [Timed], _ parameters: ModelParameters) -> [Timed] {
    guard let fastest else { return [] }
    let limit = fastest.estimate.mean * (1 + parameters.timeTolerance)
    return timed.filter { $0.estimate.overlaps(fastest.estimate) || $0.estimate.mean <= limit }
  }

  /// The cheapest of `tied`: least client CPU per body beyond the noise, then working memory,
  /// bytes, name order. CPU is compared with its interval: a setting drops out only when another
  /// one's CPU is lower beyond both intervals (its own low end above the lowest high end). Two
  /// settings whose CPU medians swap between runs inside the noise both stay, and memory, bytes
  /// and name, which do not change between runs, decide; comparing the noisy medians made the
  /// recommended setting flip between two runs of the same corpora (docs/verdict.md).
  static func cheapest(_ tied: [Timed]) -> Timed? {
    guard let ceiling = tied.map(\.estimate.clientCPUHigh).min() else { return nil }
    return tied.filter { $0.estimate.clientCPULow <= ceiling }.min { a, b in
      cheaperTail(a.candidate, b.candidate) ?? nameOrder(a.candidate.cell, b.candidate.cell)
    }
  }
}
