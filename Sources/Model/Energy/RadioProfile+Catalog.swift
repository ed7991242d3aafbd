import DeflateBenchResults

/// The radio profiles the energy model knows, each with its source. docs/energy.md tells them
/// apart and lists their limits: a profile is one radio generation on one carrier, measured with a
/// power monitor on one phone, not a model of every phone.
extension RadioProfile {
  /// LTE: J. Huang, F. Qian, A. Gerber, Z. M. Mao, S. Sen, O. Spatscheck, "A Close Examination of
  /// Performance and Power Characteristics of 4G LTE Networks", ACM MobiSys 2012 (HTC ThunderBolt
  /// on AT&T LTE, Monsoon power monitor; the power model's error under 6 %), as AT&T's open-source
  /// ARO / Video Optimizer ships it: attdevsupport/VideoOptimizer,
  /// ARO.Core/src/main/resources/lte.conf (T_PROMOTION 0.26, P_PROMOTION 1.21, INACTIVITY_TIMER
  /// 0.1, T_SHORT_DRX 0.02, T_LONG_DRX 10, P_TAIL 1.06, T_DRX_PING 0.002, P_SHORT_DRX_PING and
  /// P_LONG_DRX_PING 1.68, T_SHORT_DRX_PING_PERIOD 0.02, T_LONG_DRX_PING_PERIOD 0.04,
  /// LTE_ALPHA_UP 438.39, LTE_ALPHA_DOWN 51.97, LTE_BETA 1.2). The states' energies follow ARO's
  /// ProfileFactoryImpl.energyLTE: promotion at P_PROMOTION, the inactivity timer ("CR tail")
  /// at LTE_BETA with no throughput, each DRX state at P_TAIL with a ping of T_DRX_PING at the
  /// ping power every ping period.
  public static let lte = RadioProfile(
    name: "lte",
    source:
      "Huang et al., MobiSys 2012 (HTC ThunderBolt, AT&T LTE), as ARO/Video Optimizer's lte.conf "
      + "(attdevsupport/VideoOptimizer, ARO.Core/src/main/resources/lte.conf)",
    promotionSeconds: 0.26, promotionWatts: 1.21, baseWatts: 1.2, uplinkMwPerMBps: 438.39,
    downlinkMwPerMBps: 51.97,
    tail: [
      TailPhase(name: "inactivity", seconds: 0.1, watts: 1.2),
      TailPhase(
        name: "short_drx", seconds: 0.02, watts: 1.06, pingSeconds: 0.002, pingWatts: 1.68, pingPeriodSeconds: 0.02),
      TailPhase(
        name: "long_drx", seconds: 10, watts: 1.06, pingSeconds: 0.002, pingWatts: 1.68, pingPeriodSeconds: 0.04),
    ])

  /// Wi-Fi: ARO / Video Optimizer's WiFi.conf (attdevsupport/VideoOptimizer,
  /// ARO.Core/src/main/resources/WiFi.conf): POWER_WIFI_ACTIVE 0.403 W, WIFI_TAIL_TIME 0.25 s.
  /// ARO's ProfileFactoryImpl.energyWiFi charges the active and the tail states at the active
  /// power and has no throughput term and no promotion; standby (0.02 W) is the radio's idle
  /// level, paid with or without the request, and so not charged to it.
  public static let wifi = RadioProfile(
    name: "wifi",
    source: "ARO/Video Optimizer's WiFi.conf (attdevsupport/VideoOptimizer, ARO.Core/src/main/resources/WiFi.conf)",
    promotionSeconds: 0, promotionWatts: 0, baseWatts: 0.403, uplinkMwPerMBps: 0, downlinkMwPerMBps: 0,
    tail: [TailPhase(name: "tail", seconds: 0.25, watts: 0.403)])

  /// 3G (UMTS/HSPA): ARO / Video Optimizer's device profile for the Samsung i997
  /// (attdevsupport/VideoOptimizer, ARO.Core/src/main/resources/i997.conf): IDLE to DCH promotion
  /// 2.0 s on average (IDLE_DCH_PROMO_AVG) at POWER_IDLE_DCH 0.65 W; POWER_DCH 1.30 W while
  /// sending and waiting; DCH_FACH_TIMER 4 s at DCH power, then FACH_IDLE_TIMER 10 s at
  /// POWER_FACH 0.30 W (ProfileFactoryImpl.energy3G charges the tails at their state's power).
  /// The model keeps every request on DCH: a request head alone is near the profile's 543-byte
  /// uplink RLC threshold, below which a burst may go on FACH instead.
  public static let threeG = RadioProfile(
    name: "3g",
    source:
      "ARO/Video Optimizer's Samsung i997 profile (attdevsupport/VideoOptimizer, ARO.Core/src/main/resources/i997.conf)",
    promotionSeconds: 2.0, promotionWatts: 0.65, baseWatts: 1.30, uplinkMwPerMBps: 0, downlinkMwPerMBps: 0,
    tail: [
      TailPhase(name: "dch", seconds: 4, watts: 1.30),
      TailPhase(name: "fach", seconds: 10, watts: 0.30),
    ])

  /// 5G non-standalone (NSA) on low band, from A. Narayanan et al., "A Variegated Look at 5G in
  /// the Wild: Performance, Power, and QoE Implications", ACM SIGCOMM 2021 (Galaxy S20 Ultra,
  /// Verizon, Monsoon power monitor), Figure 11 and its public artifact
  /// (SIGCOMM21-5G/artifact, Data-Transfer-Power/MN-Transfer): on the same phone, uplink power
  /// rises 77 mW per Mbit/s on LTE and 32 mW per Mbit/s on NSA low band, and the whole phone
  /// draws about 2.9 W on LTE and 3.4 W on NSA low band at 1 Mbit/s.
  ///
  /// Those are whole-phone figures of a 2020 phone, not a radio profile on LTE's scale, so the
  /// profile carries the paper's differences onto the LTE profile above: NSA's control plane
  /// and its RRC state machine are LTE's (the UE has one RRC state machine, on the LTE anchor),
  /// so promotion and tail are LTE's; the connected base adds the 0.5 W the NR leg adds on the
  /// same phone (3.4 - 2.9 W), and the uplink slope is LTE's scaled by the paper's NSA-to-LTE
  /// ratio (32 / 77). A lower bound for the tail: the NR leg's own power in it is not modelled.
  public static let fiveGNSA = RadioProfile(
    name: "5g-nsa",
    source:
      "Narayanan et al., SIGCOMM 2021 (Galaxy S20 Ultra, Verizon NSA low band) Fig. 11: +0.5 W base and "
      + "32/77 of LTE's uplink slope, applied to the LTE profile, whose promotion and tail NSA keeps",
    promotionSeconds: lte.promotionSeconds, promotionWatts: lte.promotionWatts,
    baseWatts: lte.baseWatts + (3.4 - 2.9), uplinkMwPerMBps: lte.uplinkMwPerMBps * 32 / 77,
    downlinkMwPerMBps: lte.downlinkMwPerMBps, tail: lte.tail)

  /// Every profile, in the order results.json lists them.
  public static let catalog: [RadioProfile] = [threeG, lte, fiveGNSA, wifi]
}
