import DeflateBenchResults

/// What the rules weigh for one setting (or for sending uncompressed) under one link and device:
/// the mean over the set's bodies, the ends of its interval, and the client CPU's share, all in
/// one unit: seconds for the time objective, joules for the energy objective. `Verdict.beats`,
/// `VerdictDecision.decide` and `SettingPick` read nothing else, so one set of rules serves both.
struct Weighed: Sendable, Equatable {
  var mean: Double
  var low: Double
  var high: Double
  /// The client compressing (its CPU seconds, or their joules): the tie-break after the bytes.
  var clientCPU: Double
}

/// The least saving that counts: `milli` thousandths of the weighed unit (milliseconds or
/// millijoules, as `--min-saving` gives them) and `percent` of the total the saving is made on.
struct MinimumSaving: Sendable, Equatable {
  let milli: Double
  let percent: Double
}

extension VerdictEstimate {
  var weighed: Weighed { Weighed(mean: mean, low: low, high: high, clientCPU: clientCPU) }
}

extension EnergyEstimate {
  var weighed: Weighed { Weighed(mean: mean, low: low, high: high, clientCPU: parts.cpu) }
}

extension Verdict {
  /// The objective one row (a payload set under one link and device) is decided on: the run's
  /// `--objective`, except that energy falls back to time where it is not modelled whole. It
  /// needs the link's radio and the phone's CPU power: without the CPU's, compressing would look
  /// free. The fallback is never silent: `note` says why, and the row and the answer carry it.
  struct Objective: Sendable {
    let kind: VerdictObjective
    /// What the energy objective prices the requests with; nil when the row is decided on time.
    let condition: EnergyCondition?
    /// Why an energy-objective row is decided on time; nil otherwise.
    let note: String?
    let minimum: MinimumSaving

    init(_ parameters: ModelParameters, link: LinkPreset, device: DeviceClass) {
      let timeMinimum = MinimumSaving(milli: parameters.minimumSavingMs, percent: parameters.minimumSavingPercent)
      guard parameters.verdictObjective == .energy else {
        (kind, condition, note, minimum) = (.time, nil, nil, timeMinimum)
        return
      }
      switch EnergyCondition.forObjective(link: link, device: device) {
      case .success(let condition):
        (kind, self.condition, note) = (.energy, condition, nil)
        minimum = MinimumSaving(milli: parameters.minimumSavingMj, percent: parameters.minimumSavingPercent)
      case .failure(let gap):
        (kind, condition, note, minimum) = (.time, nil, "\(gap.reason): decided on time", timeMinimum)
      }
    }

    /// What the rules weigh for `candidate`, whose modelled time is `time`. The energy objective
    /// weighs a request in session: the promotion and tail an isolated request adds are the same
    /// whatever is sent, so they cannot change which setting is cheaper, and counted in the total
    /// they would make the minimum saving's percentage a share of the radio's tail (docs/energy.md).
    func weigh(
      _ candidate: VerdictCandidate, time: VerdictEstimate, bodies: [Double], link: LinkPreset, device: DeviceClass,
      parameters: ModelParameters
    ) -> Weighed {
      guard let condition else { return time.weighed }
      return candidate.energy(
        bodies: bodies, link: link, device: device, condition: condition, scenario: .inSession, parameters: parameters
      ).weighed
    }

    /// What the rules weigh for sending the bodies uncompressed, whose modelled time is `time`.
    func weighIdentity(
      time: VerdictEstimate, bodies: [Double], link: LinkPreset, device: DeviceClass, parameters: ModelParameters
    ) -> Weighed {
      guard let condition else { return time.weighed }
      return EnergyEstimate.identity(
        bodies: bodies, link: link, device: device, condition: condition, scenario: .inSession, parameters: parameters
      ).weighed
    }
  }
}
