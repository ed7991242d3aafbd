import DeflateBenchResults

/// Which radio each link preset is sent with, and each device class's CPU power: the energy
/// model's choices, with their reasons and sources (docs/energy.md).
extension EnergyParameters {
  /// The energy parameters for a run's links and devices: every profile of the catalog, the
  /// run's links with their radio, and the run's phones with their CPU power. The measuring
  /// machine (`this`) is left out: it is a server, and its energy is not a phone's.
  public static func standard(for parameters: ModelParameters) -> EnergyParameters {
    EnergyParameters(
      profiles: RadioProfile.catalog, links: parameters.links.map(linkRadio),
      devices: parameters.devices.compactMap(cpuPower))
  }

  /// The radio a link is sent with, by its name (a `--link lte=10Mbit@40ms` is still LTE).
  /// Mobile presets use their generation's profile; the
  /// wired presets (`cable`, `fiber`) stand for a phone at home, whose radio is Wi-Fi whatever
  /// the line behind the access point: the Wi-Fi profile's power does not depend on the
  /// backhaul, only on how long the radio is active. A custom link's radio is unknown.
  static func linkRadio(_ link: LinkPreset) -> LinkRadio {
    let radio: (RadioProfile, String)? =
      switch link.name {
      case LinkPreset.threeG.name, LinkPreset.fast3G.name: (.threeG, "a 3G (HSPA) link")
      case LinkPreset.lte.name: (.lte, "an LTE link")
      case LinkPreset.fiveG.name: (.fiveGNSA, "5G as deployed: non-standalone, anchored on LTE")
      case LinkPreset.wifi.name: (.wifi, "a phone on Wi-Fi")
      case LinkPreset.cable.name, LinkPreset.fiber.name: (.wifi, "a phone at home reaches the wired line over Wi-Fi")
      default: nil
      }
    guard let (profile, note) = radio else {
      return LinkRadio(link: link.name, profile: nil, note: "custom link: its radio is unknown, so no energy")
    }
    return LinkRadio(link: link.name, profile: profile.name, note: note)
  }

  /// A phone's CPU power while compressing on one core; nil for the measuring machine.
  static func cpuPower(_ device: DeviceClass) -> DeviceCPUPower? {
    switch device.name {
    case DeviceClass.this.name: nil
    case DeviceClass.phoneHigh.name: phoneHighCPU
    case DeviceClass.phoneLow.name: phoneLowCPU
    case DeviceClass.phoneMid.name:
      DeviceCPUPower(
        device: device.name, activeWatts: nil,
        source: "no published per-core power found for the Helio G80: energies leave the CPU out")
    default:
      DeviceCPUPower(
        device: device.name, activeWatts: nil, source: "custom device: no CPU power, energies leave the CPU out")
    }
  }

  /// The iPhone-class phone. No per-core power of the A16's performance core could be read at a
  /// source; the stand-in is a flagship big core of the same generation measured the same way:
  /// Golden Reviewer's single-core efficiency test, as Notebookcheck reported it in February 2022
  /// ("Exynos 2200 vs Snapdragon 8 Gen 1: Efficiency tests indicate a CPU generational
  /// downgrade"): the Cortex-X2 at 4.0 W in the Snapdragon 8 Gen 1 (3.78 W in the Exynos 2200).
  static let phoneHighCPU = DeviceCPUPower(
    device: DeviceClass.phoneHigh.name, activeWatts: 4.0,
    source:
      "stand-in for the A16 big core: Cortex-X2 (Snapdragon 8 Gen 1) single-core 4.0 W, Golden Reviewer "
      + "via Notebookcheck, Feb 2022")

  /// The low-end phone: Samsung Galaxy A21s (Exynos 850, eight Cortex-A55), whose Android
  /// power profile gives each core's current at each frequency (power_profile.xml, as the
  /// LineageOS device tree samsungexynos850/android_device_samsung_a21s-common carries it in
  /// overlay/frameworks/base/core/res/res/xml/power_profile.xml): cpu.core_power at 2,002 MHz is
  /// 95.7 mA, at the profile's 3.7 V (modem.controller.voltage 3700 mV) 0.354 W.
  static let phoneLowCPU = DeviceCPUPower(
    device: DeviceClass.phoneLow.name, activeWatts: 0.0957 * 3.7,
    source: "Galaxy A21s (Exynos 850) power_profile.xml: Cortex-A55 core 95.7 mA at 2.002 GHz x 3.7 V")
}
