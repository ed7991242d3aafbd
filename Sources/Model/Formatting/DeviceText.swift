import DeflateBenchResults

/// A device as the reports describe it, in one convention everywhere (report.md, report.html,
/// results.json's `model.devices`): the factor on this machine's compress time (0.53 for an
/// iPhone 14 Pro-class phone, which compresses faster than this machine; 5.24 for the budget one).
public enum DeviceText {
  /// "phone-high (an iPhone 14 Pro-class phone): compress time 0.53 × this machine's (modelled: SOURCE)".
  public static func factor(_ device: DeviceClass) -> String {
    let label = device.label.map { " (\($0))" } ?? ""
    let modelled = device.modelled ? " (modelled: \(device.source))" : ""
    return "\(device.name)\(label): compress time \(NumberText.factor(device.compressSlowdown)) × this machine's"
      + modelled
  }
}
