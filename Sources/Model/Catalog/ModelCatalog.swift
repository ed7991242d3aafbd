import DeflateBenchResults

/// The clients `--device` knows by name. A phone's factor is this machine's single-core speed
/// over the phone's, from Geekbench 5 single-core scores: Geekbench 5 is calibrated so that an
/// Intel Core i3-8100 scores 1,000, and the factors take this machine to be of that class
/// (a cloud server core such as the 2-core AMD EPYC the README's figures come from). They are
/// modelled, not measured: a phone's compressor may also differ in its SIMD paths and caches.
extension DeviceClass {
  /// The measuring machine: its own speeds.
  public static let this = DeviceClass(
    name: "this", compressSlowdown: 1, source: "measured on this machine", modelled: false, label: "this machine")

  /// A current flagship: Apple iPhone 14 Pro (A16 Bionic), Geekbench 5 single-core about 1,900
  /// (PhoneArena, February 2023): 1,000 / 1,900 = 0.53, faster than this machine.
  public static let phoneHigh = DeviceClass(
    name: "phone-high", compressSlowdown: 0.53,
    source: "iPhone 14 Pro (A16), Geekbench 5 single-core ~1900 (PhoneArena 2023) vs 1000 for this machine's class",
    label: "an iPhone 14 Pro-class phone")

  /// A budget Android phone: Samsung Galaxy A14 (MediaTek Helio G80), Geekbench 5 single-core
  /// 351 (nanoreview.net): 1,000 / 351 = 2.85.
  public static let phoneMid = DeviceClass(
    name: "phone-mid", compressSlowdown: 2.85,
    source: "Galaxy A14 (Helio G80), Geekbench 5 single-core 351 (nanoreview.net) vs 1000 for this machine's class",
    label: "a Galaxy A14-class phone")

  /// The slow end of phones in use: Samsung Galaxy A21s / A13 (Exynos 850, eight Cortex-A55
  /// cores), Geekbench 5 single-core 191 (nanoreview.net): 1,000 / 191 = 5.24.
  public static let phoneLow = DeviceClass(
    name: "phone-low", compressSlowdown: 5.24,
    source: "Galaxy A21s (Exynos 850), Geekbench 5 single-core 191 (nanoreview.net) vs 1000 for this machine's class",
    label: "a Galaxy A21s-class phone")

  /// Every named device, fastest first.
  public static let catalog: [DeviceClass] = [phoneHigh, this, phoneMid, phoneLow]

  /// What the verdict shows without `--device`: this machine, an iPhone-class phone and the
  /// low-end phone.
  public static let verdictDefault: [DeviceClass] = [this, phoneHigh, phoneLow]

  /// The factors `--device NAME=FACTOR` accepts: a client 100 times faster than this machine up
  /// to one 1000 times slower. The catalog's phones lie between 0.53 and 5.24; a factor outside
  /// (1e300) is a typo, whose modelled times would overflow into infinity or vanish.
  public static let plausibleSlowdowns: ClosedRange<Double> = 0.01...1000

  /// Reads a `--device` value: a name from the catalog, or `NAME=FACTOR` (`tablet=1.8`).
  public static func parse(_ text: String) -> DeviceClass? {
    if let known = catalog.first(where: { $0.name == text.lowercased() }) { return known }
    let parts = text.split(separator: "=", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, let factor = Double(parts[1]), factor > 0, factor.isFinite,
      parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    else { return nil }
    return DeviceClass(name: String(parts[0]), compressSlowdown: factor, source: "custom: \(text)")
  }
}

extension LinkPreset {
  /// The links the verdict models without `--link`.
  public static let verdictDefault: [LinkPreset] = [threeG, lte, wifi, fiber]
}

extension ModelParameters {
  /// The request head when it cannot be measured: what FoundationNetworking's URLSession sent
  /// for a JSON POST to a loopback server in this project's measurement (request line, Host,
  /// Accept, Accept-Language, Accept-Encoding, User-Agent, Content-Type, Content-Length, the
  /// blank line; see `RequestHeadProbe`).
  public static let defaultRequestHeadBytes = 250

  /// The model's defaults, before a run's options and measurements fill in its own.
  public static let standard = ModelParameters(
    requestHeadBytes: 0, requestHeadSource: "default", links: [], devices: [])

  /// The initial window of the defaults (10 x 1,448 bytes), which the echo server's link
  /// emulation also uses.
  public static let standardInitialWindowBytes = standard.initialWindowBytes
}
