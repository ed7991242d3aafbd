import DeflateBenchResults

/// Whether the radio was idle before the request.
public enum EnergyScenario: String, Sendable, CaseIterable {
  /// The radio is idle: the request wakes it (promotion) and leaves it on for the tail, which no
  /// other traffic shares. An analytics SDK flushing every 30 s or more sends like this.
  case isolated
  /// The radio is already up (other traffic just went): no promotion, and the tail is the
  /// session's, not this request's.
  case inSession = "in_session"
}

/// One request's energy on the phone, joules, by what the hardware does (docs/energy.md):
///
///     isolated   = promotion + sending + waiting + tail + cpu
///     in_session =             sending + waiting        + cpu
public struct RequestEnergy: Sendable, Equatable {
  public var promotion: Double
  /// The radio sending at its modelled throughput: P(u) x sending seconds.
  public var sending: Double
  /// The radio connected while the request waits (handshakes, the response, the server's decode
  /// after the last byte), at the profile's base power.
  public var waiting: Double
  public var tail: Double
  /// The client compressing: the device's CPU power x its CPU seconds (0 when the power is unknown).
  public var cpu: Double

  public init(promotion: Double, sending: Double, waiting: Double, tail: Double, cpu: Double) {
    self.promotion = promotion
    self.sending = sending
    self.waiting = waiting
    self.tail = tail
    self.cpu = cpu
  }

  /// The request's energy in `scenario`.
  public func total(_ scenario: EnergyScenario) -> Double {
    let session = sending + waiting + cpu
    return scenario == .isolated ? promotion + session + tail : session
  }

  /// The energy of one request living `timeline` on `profile`, with the CPU at `cpuWatts` (nil:
  /// unknown, left out). The downlink carries only acknowledgements while the request is sent, and
  /// the model does not size the response, so the downlink term is 0.
  public static func of(_ timeline: UploadModel.Timeline, profile: RadioProfile, cpuWatts: Double?) -> RequestEnergy {
    RequestEnergy(
      promotion: profile.promotionJoules,
      sending: profile.transferWatts(uplinkMbps: timeline.uplinkMbps) * timeline.sendingSeconds,
      waiting: profile.baseWatts * timeline.waitingSeconds, tail: profile.tailJoules,
      cpu: (cpuWatts ?? 0) * timeline.clientCPUSeconds)
  }

  /// The mean of several requests' energies, part by part (a payload set's bodies).
  static func mean(_ energies: [RequestEnergy]) -> RequestEnergy {
    let count = Double(max(energies.count, 1))
    let sum = energies.reduce(RequestEnergy(promotion: 0, sending: 0, waiting: 0, tail: 0, cpu: 0)) { sum, each in
      RequestEnergy(
        promotion: sum.promotion + each.promotion, sending: sum.sending + each.sending,
        waiting: sum.waiting + each.waiting, tail: sum.tail + each.tail, cpu: sum.cpu + each.cpu)
    }
    return RequestEnergy(
      promotion: sum.promotion / count, sending: sum.sending / count, waiting: sum.waiting / count,
      tail: sum.tail / count, cpu: sum.cpu / count)
  }
}
