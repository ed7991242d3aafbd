/// The energy model's inputs, written into results.json as `energy`: every radio profile, which
/// profile each link of the run uses, and each device's CPU power. The verdict rows' `energy`
/// figures are computed from these and the upload model's timeline (docs/energy.md).
public struct EnergyParameters: Codable, Sendable, Equatable {
  public var profiles: [RadioProfile]
  public var links: [LinkRadio]
  public var devices: [DeviceCPUPower]

  public init(profiles: [RadioProfile], links: [LinkRadio], devices: [DeviceCPUPower]) {
    self.profiles = profiles
    self.links = links
    self.devices = devices
  }

  /// The radio profile a link is sent with; nil for a link without one (a custom `--link`).
  public func profile(forLink link: String) -> RadioProfile? {
    guard let name = links.first(where: { $0.link == link })?.profile else { return nil }
    return profiles.first { $0.name == name }
  }

  /// The device's entry; nil for a device whose energy is not modelled (the measuring machine).
  public func device(_ name: String) -> DeviceCPUPower? { devices.first { $0.device == name } }
}

/// Which radio profile a link of the run is sent with, and why.
public struct LinkRadio: Codable, Sendable, Equatable {
  public var link: String
  /// A profile's `name`, or nil when the link's radio is unknown (no energy is computed for it).
  public var profile: String?
  public var note: String

  public init(link: String, profile: String?, note: String) {
    self.link = link
    self.profile = profile
    self.note = note
  }
}

/// A modelled phone's CPU power while compressing. `activeWatts` is nil when no published figure
/// was found for the device class: its energies then leave the CPU out (radio only).
public struct DeviceCPUPower: Codable, Sendable, Equatable {
  public var device: String
  public var activeWatts: Double?
  public var source: String

  public init(device: String, activeWatts: Double?, source: String) {
    self.device = device
    self.activeWatts = activeWatts
    self.source = source
  }
}
