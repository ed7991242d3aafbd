import DeflateBenchResults

/// The links `--link` knows by name. Rates are uplink rates: what an upload sees, usually a
/// fraction of the advertised download rate. RTTs are one round trip between the client and a
/// nearby server; they do not include TCP or TLS handshakes, which kept-alive uploads skip.
extension LinkPreset {
  /// Chrome DevTools' "3G" throttling preset (called "Slow 3G" until 2024): 500 kbit/s scaled by
  /// 0.8 for packet overhead, and its 400 ms target round trip (DevTools applies 5x that as
  /// per-request latency to stand in for handshakes; we model one round trip per request).
  /// Source: ChromeDevTools/devtools-frontend, `front_end/core/sdk/NetworkManager.ts`,
  /// `Slow3GConditions` (upload `500 * 1000 / 8 * .8`, `slow3GTargetLatency = 400`).
  public static let threeG = LinkPreset(
    name: "3g", uplinkBitsPerSecond: 400_000, rttMilliseconds: 400,
    source: "Chrome DevTools \"3G\" preset (Slow3GConditions: 500 kbit/s x 0.8 up, 400 ms target RTT)")

  /// Chrome DevTools' "Slow 4G" preset (called "Fast 3G" until 2024): 750 kbit/s up scaled by 0.9,
  /// 150 ms target round trip. Source: devtools-frontend `NetworkManager.ts`, `Slow4GConditions`
  /// (upload `750 * 1000 / 8 * .9`, `slow4GTargetLatency = 150`).
  public static let fast3G = LinkPreset(
    name: "fast-3g", uplinkBitsPerSecond: 675_000, rttMilliseconds: 150,
    source: "Chrome DevTools \"Slow 4G\" (formerly \"Fast 3G\") preset: 750 kbit/s x 0.9 up, 150 ms target RTT")

  /// A typical LTE uplink: Opensignal's 2019 US mobile report measured average 4G upload speeds
  /// of 2.4 (Sprint) to 7.0 Mbit/s (Verizon), 4.6 and 6.7 for AT&T and T-Mobile, and 4G latency
  /// of 58 to 70 ms. 5 Mbit/s and 60 ms sit in the middle of both ranges.
  public static let lte = LinkPreset(
    name: "lte", uplinkBitsPerSecond: 5_000_000, rttMilliseconds: 60,
    source: "Opensignal, US mobile network experience 2019: 4G upload 2.4-7.0 Mbit/s, latency 58-70 ms")

  /// 5G: Ookla's Speedtest Intelligence put the worldwide median 5G upload at 21.08 Mbit/s in
  /// Q3 2021 ("Growing and Slowing: The State of 5G Worldwide in 2021"); Ookla's US median
  /// mobile latency at the end of 2022 was 31 ms.
  public static let fiveG = LinkPreset(
    name: "5g", uplinkBitsPerSecond: 20_000_000, rttMilliseconds: 30,
    source:
      "Ookla Speedtest Intelligence: global median 5G upload 21.08 Mbit/s (Q3 2021); US mobile latency 31 ms (Q4 2022)")

  /// A home connection reached over Wi-Fi, as most fixed-line speed tests are: Ookla's US median
  /// for fixed broadband at the end of 2022 was 22.6 Mbit/s upload with 14 ms latency.
  public static let wifi = LinkPreset(
    name: "wifi", uplinkBitsPerSecond: 22_600_000, rttMilliseconds: 14,
    source: "Ookla Speedtest Global Index, US fixed broadband median Q4 2022: 22.6 Mbit/s up, 14 ms")

  /// Cable (DOCSIS) uplinks are narrow: Ookla's Q4 2022 US medians were 10.7 (Cox), 11.8
  /// (Charter) and 20.4 Mbit/s (Comcast) upload; coaxial networks show 25-40 ms latency
  /// (Opensignal and FCC Measuring Broadband America figures as summarised by CCG Consulting, 2019).
  public static let cable = LinkPreset(
    name: "cable", uplinkBitsPerSecond: 12_000_000, rttMilliseconds: 25,
    source: "Ookla US cable ISP median uploads Q4 2022: 10.7-20.4 Mbit/s; cable latency 25-40 ms (CCG, 2019)")

  /// Fibre to the home: Ookla's Q4 2022 US median uploads for the fibre-heavy ISPs were
  /// 104.9 Mbit/s (Verizon) and 142.8 Mbit/s (AT&T Internet); fibre latency is around 10 ms.
  public static let fiber = LinkPreset(
    name: "fiber", uplinkBitsPerSecond: 100_000_000, rttMilliseconds: 10,
    source: "Ookla US fibre ISP median uploads Q4 2022: 104.9-142.8 Mbit/s; FTTH latency ~10 ms (CCG, 2019)")

  /// Every preset, slowest first.
  public static let catalog: [LinkPreset] = [threeG, fast3G, lte, cable, fiveG, wifi, fiber]

  /// The preset with this name (case-insensitive), or nil.
  public static func preset(named name: String) -> LinkPreset? {
    catalog.first { $0.name == name.lowercased() }
  }
}
