import DeflateBenchResults

extension Verdict {
  /// A verdict row's energy figures (`VerdictRow.energy`): identity, the recommended setting
  /// (`best`) and zlib 6 on `link` from `device`, isolated and in session, in millijoules; nil
  /// where the energy is not modelled (`EnergyCondition`).
  static func energy(
    best: VerdictCandidate?, zlib6: VerdictCandidate?, bodies: [Double], link: LinkPreset, device: DeviceClass,
    parameters: ModelParameters
  ) -> VerdictEnergy? {
    guard let condition = EnergyCondition(link: link, device: device) else { return nil }
    let identity = EnergyEstimate.requestEnergies(
      bodies: bodies, wireRatio: 1, template: .identity(bytes: 0), setupSeconds: 0, link: link, device: device,
      condition: condition, parameters: parameters)
    let energies = { (candidate: VerdictCandidate) in
      candidate.requestEnergies(
        bodies: bodies, link: link, device: device, condition: condition, parameters: parameters)
    }
    let bestEnergies = best.map(energies)
    let zlib6Energies = zlib6.map(energies)
    let figures = { (scenario: EnergyScenario) -> EnergyFigures in
      let estimate = { (each: (median: [RequestEnergy], fast: [RequestEnergy], slow: [RequestEnergy])) in
        EnergyEstimate(median: each.median, fast: each.fast, slow: each.slow, scenario: scenario)
      }
      var figures = EnergyFigures(identityMj: estimate((identity, identity, identity)).mean * 1000)
      if let best = bestEnergies.map(estimate) {
        figures.bestMj = best.mean * 1000
        figures.bestLowMj = best.low * 1000
        figures.bestHighMj = best.high * 1000
        figures.savingMj = figures.identityMj - best.mean * 1000
      }
      if let zlib6 = zlib6Energies.map(estimate) {
        figures.zlib6Mj = zlib6.mean * 1000
        figures.zlib6LowMj = zlib6.low * 1000
        figures.zlib6HighMj = zlib6.high * 1000
      }
      return figures
    }
    return VerdictEnergy(
      radio: condition.profile.name, cpuWatts: condition.cpuWatts, isolated: figures(.isolated),
      inSession: figures(.inSession))
  }
}
