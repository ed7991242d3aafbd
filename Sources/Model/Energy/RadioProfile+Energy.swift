import DeflateBenchResults

/// The energy of a radio profile's states, joules, as ARO computes them
/// (ProfileFactoryImpl.energyLTE, energy3G, energyWiFi in attdevsupport/VideoOptimizer).
extension RadioProfile {
  /// Waking the radio from idle.
  public var promotionJoules: Double { promotionSeconds * promotionWatts }

  /// From the last packet to idle: every tail state in turn.
  public var tailJoules: Double { tail.reduce(0) { $0 + $1.joules } }

  /// Power while sending at `uplinkMbps` (and receiving at `downlinkMbps`), watts: Huang et al.'s
  /// P = alpha_up x u + alpha_down x d + beta.
  public func transferWatts(uplinkMbps: Double, downlinkMbps: Double = 0) -> Double {
    baseWatts + (uplinkMwPerMBps * uplinkMbps + downlinkMwPerMBps * downlinkMbps) / 1000
  }
}

extension RadioProfile.TailPhase {
  /// The phase's energy: at `watts`, except for a ping of `pingSeconds` at `pingWatts` every
  /// `pingPeriodSeconds`, ARO's (seconds / period) x (ping x P_ping + (period - ping) x P).
  public var joules: Double {
    guard pingPeriodSeconds > 0, pingSeconds > 0 else { return seconds * watts }
    let pings = seconds / pingPeriodSeconds
    return pings * (pingSeconds * pingWatts + (pingPeriodSeconds - pingSeconds) * watts)
  }
}
