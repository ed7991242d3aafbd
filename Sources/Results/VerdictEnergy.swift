/// A verdict row's energy per request on the phone (`verdict[].energy` in results.json), in
/// millijoules: sending the bodies uncompressed, with the recommended setting and with zlib 6,
/// for a request that wakes the radio from idle and pays its tail (`isolated`) and for one sent
/// while the radio is already up (`in_session`). Absent for the measuring machine (`this`, not a
/// phone) and for a link without a radio profile. docs/energy.md gives the model.
public struct VerdictEnergy: Codable, Sendable, Equatable {
  /// The radio profile the link is sent with (`energy.profiles[].name`).
  public var radio: String
  /// The device's CPU power while compressing; nil when unknown (the figures leave the CPU out).
  public var cpuWatts: Double?
  public var isolated: EnergyFigures
  public var inSession: EnergyFigures

  public init(radio: String, cpuWatts: Double?, isolated: EnergyFigures, inSession: EnergyFigures) {
    self.radio = radio
    self.cpuWatts = cpuWatts
    self.isolated = isolated
    self.inSession = inSession
  }
}

/// One scenario's energies per request, millijoules, each the mean over the payload set's bodies.
/// The `_low_mj` and `_high_mj` ends come from the same fast and slow ends of the speeds'
/// intervals as the times' (identity has no speeds and so no interval).
public struct EnergyFigures: Codable, Sendable, Equatable {
  public var identityMj: Double
  public var bestMj: Double?
  public var bestLowMj: Double?
  public var bestHighMj: Double?
  public var zlib6Mj: Double?
  public var zlib6LowMj: Double?
  public var zlib6HighMj: Double?
  /// identity_mj - best_mj (negative: the recommended setting costs more than sending uncompressed).
  public var savingMj: Double?

  public init(identityMj: Double) { self.identityMj = identityMj }
}
