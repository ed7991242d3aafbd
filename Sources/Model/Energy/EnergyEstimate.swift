import DeflateBenchResults

/// What a request's energy is computed under: the link's radio profile and the device's CPU
/// power. nil (the initialiser fails) when the energy is not modelled: the measuring machine is
/// not a phone, and a custom link's radio is unknown.
public struct EnergyCondition: Sendable, Equatable {
  public let profile: RadioProfile
  public let cpuWatts: Double?

  public init(profile: RadioProfile, cpuWatts: Double?) {
    self.profile = profile
    self.cpuWatts = cpuWatts
  }

  public init?(link: LinkPreset, device: DeviceClass) {
    let radio = EnergyParameters.linkRadio(link)
    guard let power = EnergyParameters.cpuPower(device),
      let profile = RadioProfile.catalog.first(where: { $0.name == radio.profile })
    else { return nil }
    self.init(profile: profile, cpuWatts: power.activeWatts)
  }

  /// Why the energy objective cannot weigh a link and device.
  public struct Gap: Error, Sendable, Equatable {
    public let reason: String
  }

  /// The condition the energy objective (`--objective energy`) weighs `link` and `device` under,
  /// or why it cannot: it needs a phone, the link's radio and the phone's CPU power, since energies
  /// that leave the CPU out would make compressing look free.
  public static func forObjective(link: LinkPreset, device: DeviceClass) -> Result<EnergyCondition, Gap> {
    guard EnergyParameters.cpuPower(device) != nil else {
      return .failure(Gap(reason: "the measuring machine is not a phone"))
    }
    guard let condition = EnergyCondition(link: link, device: device) else {
      return .failure(Gap(reason: "the radio of link \(link.name) is unknown"))
    }
    guard condition.cpuWatts != nil else { return .failure(Gap(reason: "no CPU power is known for \(device.name)")) }
    return .success(condition)
  }
}

/// A modelled energy per request over a payload set's bodies, joules: the mean, its interval
/// from the ends of the speeds' intervals (as `VerdictEstimate`'s times), and the mean parts at
/// the median speeds. What a decision rule can weigh in place of time.
public struct EnergyEstimate: Sendable, Equatable {
  public var mean: Double
  public var low: Double
  public var high: Double
  /// The parts of the mean (promotion, sending, waiting, tail, CPU) at the median speeds.
  public var parts: RequestEnergy

  /// Each body's request through `timeline` at the median speeds and at the fast and slow ends.
  /// Faster compression and decoding only shorten the CPU and waiting terms, so the fast end is
  /// the low end, as for the times.
  init(
    median: [RequestEnergy], fast: [RequestEnergy], slow: [RequestEnergy], scenario: EnergyScenario
  ) {
    let mean = { (energies: [RequestEnergy]) in RequestEnergy.mean(energies).total(scenario) }
    parts = RequestEnergy.mean(median)
    self.mean = parts.total(scenario)
    low = min(mean(fast), self.mean)
    high = max(mean(slow), self.mean)
  }

  /// Sending the bodies uncompressed under `condition`: no speeds, so no interval.
  public static func identity(
    bodies: [Double], link: LinkPreset, device: DeviceClass, condition: EnergyCondition, scenario: EnergyScenario,
    parameters: ModelParameters
  ) -> EnergyEstimate {
    let energies = requestEnergies(
      bodies: bodies, wireRatio: 1, template: .identity(bytes: 0), setupSeconds: 0, link: link, device: device,
      condition: condition, parameters: parameters)
    return EnergyEstimate(median: energies, fast: energies, slow: energies, scenario: scenario)
  }

  /// Every body's request energy: the upload model's timeline of each body, priced by `condition`.
  static func requestEnergies(
    bodies: [Double], wireRatio: Double, template: UploadModel.Request, setupSeconds: Double, link: LinkPreset,
    device: DeviceClass, condition: EnergyCondition, parameters: ModelParameters
  ) -> [RequestEnergy] {
    UploadModel.eachBody(inputSizes: bodies, wireRatio: wireRatio, template: template) { request in
      let timeline = UploadModel.timeline(
        request, setupSeconds: setupSeconds, link: link, device: device, parameters: parameters)
      return RequestEnergy.of(timeline, profile: condition.profile, cpuWatts: condition.cpuWatts)
    }
  }
}

extension VerdictCandidate {
  /// This setting's energy per request over `bodies` on `link` from `device` in `scenario`; nil
  /// when the energy is not modelled there (`EnergyCondition`).
  public func energy(
    bodies: [Double], link: LinkPreset, device: DeviceClass, scenario: EnergyScenario, parameters: ModelParameters
  ) -> EnergyEstimate? {
    EnergyCondition(link: link, device: device).map {
      energy(bodies: bodies, link: link, device: device, condition: $0, scenario: scenario, parameters: parameters)
    }
  }

  /// `energy(bodies:link:device:scenario:parameters:)` under a condition already resolved.
  public func energy(
    bodies: [Double], link: LinkPreset, device: DeviceClass, condition: EnergyCondition, scenario: EnergyScenario,
    parameters: ModelParameters
  ) -> EnergyEstimate {
    let each = requestEnergies(bodies: bodies, link: link, device: device, condition: condition, parameters: parameters)
    return EnergyEstimate(median: each.median, fast: each.fast, slow: each.slow, scenario: scenario)
  }

  /// Every body's request energy at the median speeds and at both ends of their intervals, which
  /// both scenarios' estimates share.
  func requestEnergies(
    bodies: [Double], link: LinkPreset, device: DeviceClass, condition: EnergyCondition, parameters: ModelParameters
  ) -> (median: [RequestEnergy], fast: [RequestEnergy], slow: [RequestEnergy]) {
    let ends = speedEnds(parameters)
    let energies = { (end: SpeedEnd) in
      EnergyEstimate.requestEnergies(
        bodies: bodies, wireRatio: wireRatio, template: end.request, setupSeconds: end.setupSeconds, link: link,
        device: device, condition: condition, parameters: parameters)
    }
    return (energies(ends.median), energies(ends.fast), energies(ends.slow))
  }
}
