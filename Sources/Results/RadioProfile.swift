/// A phone radio's power states as a published power model gives them, written into results.json
/// as `energy.profiles` so every energy figure can be recomputed from the file alone. The
/// profiles themselves and their sources live with the energy model (Sources/Model/Energy);
/// docs/energy.md explains them.
///
/// Powers are the phone's power in each state as the source measured it, in watts; times are
/// seconds. The transfer power follows the linear model of Huang et al. (MobiSys 2012):
/// `P = alpha_up x u + alpha_down x d + beta`, u and d the uplink and downlink throughputs in
/// Mbit/s; a profile without a throughput term has both alphas at 0.
public struct RadioProfile: Codable, Sendable, Equatable {
  /// `lte`, `wifi`, `3g`, `5g-nsa`.
  public var name: String
  /// Where the constants come from.
  public var source: String
  /// Idle to connected: how long it takes and the power meanwhile (0 for Wi-Fi, which has no
  /// promotion in its profile).
  public var promotionSeconds: Double
  public var promotionWatts: Double
  /// beta: the connected radio's power with no throughput, also its power while it waits for the
  /// response.
  public var baseWatts: Double
  /// alpha_up and alpha_down, milliwatts per Mbit/s of throughput, as the sources state them.
  public var uplinkMwPerMBps: Double
  public var downlinkMwPerMBps: Double
  /// What the radio does after the last packet before it is idle again, in order.
  public var tail: [TailPhase]

  public init(
    name: String, source: String, promotionSeconds: Double, promotionWatts: Double, baseWatts: Double,
    uplinkMwPerMBps: Double, downlinkMwPerMBps: Double, tail: [TailPhase]
  ) {
    self.name = name
    self.source = source
    self.promotionSeconds = promotionSeconds
    self.promotionWatts = promotionWatts
    self.baseWatts = baseWatts
    self.uplinkMwPerMBps = uplinkMwPerMBps
    self.downlinkMwPerMBps = downlinkMwPerMBps
    self.tail = tail
  }

  /// One state of the tail: its length and power, and for LTE's DRX states the short wake-ups
  /// ("pings") the radio makes every `pingPeriodSeconds` to listen for the network, each lasting
  /// `pingSeconds` at `pingWatts` instead of `watts`. A state without pings has those at 0.
  public struct TailPhase: Codable, Sendable, Equatable {
    /// `inactivity`, `short_drx`, `long_drx`, `dch`, `fach`, `tail`.
    public var name: String
    public var seconds: Double
    public var watts: Double
    public var pingSeconds: Double
    public var pingWatts: Double
    public var pingPeriodSeconds: Double

    public init(
      name: String, seconds: Double, watts: Double, pingSeconds: Double = 0, pingWatts: Double = 0,
      pingPeriodSeconds: Double = 0
    ) {
      self.name = name
      self.seconds = seconds
      self.watts = watts
      self.pingSeconds = pingSeconds
      self.pingWatts = pingWatts
      self.pingPeriodSeconds = pingPeriodSeconds
    }
  }
}
