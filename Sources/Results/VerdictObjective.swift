/// What the verdict's rules weigh (`run --objective`, docs/verdict.md): the request's modelled
/// time, or the phone's modelled energy per request in session (docs/energy.md). The same rules
/// run on either; only the quantity and the unit of the minimum saving change.
public enum VerdictObjective: String, Codable, Sendable, CaseIterable {
  case time
  case energy

  /// The unit `--min-saving`'s absolute half is given in for this objective: `ms` or `mJ`.
  public var savingUnit: String {
    switch self {
    case .time: "ms"
    case .energy: "mJ"
    }
  }
}
