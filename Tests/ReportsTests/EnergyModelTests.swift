import DeflateBenchModel
import DeflateBenchResults
import Testing

/// One request's energy worked by hand from the published constants, written out here rather
/// than read from the model's profiles, against the tool (docs/energy.md has the same example).
@Suite("Energy model")
struct EnergyModelTests {
  /// A 35 kB JSON batch that zlib 6 makes 7,000 bytes, compressed at 100 MB/s on this machine and
  /// decoded at 400 MB/s, over HTTP/1.1 on a kept-alive connection (head 250 bytes).
  static let request = UploadModel.Request(
    inputBytes: 35_000, wireBytes: 7_000, compressBytesPerSecond: 100e6, decodeBytesPerSecond: 400e6,
    contentEncoding: "gzip")
  static func parameters(_ link: LinkPreset) -> ModelParameters {
    ModelParameters(
      http: "1.1", requestHeadBytes: 250, requestHeadSource: "default", links: [link], devices: [.phoneHigh])
  }

  /// The request's timeline by hand: head 250 + `Content-Encoding: gzip\r\n` (24) + body 7,000 =
  /// 7,274 bytes, one flight (below the 14,480-byte initial window), 6 packets of 52 header bytes:
  /// 7,586 bytes on the link. The server decodes 35 kB in 87.5 us, of which one 1,448-byte
  /// segment's share of the 7,000-byte body is left after the last byte. The iPhone-class phone
  /// compresses in 350 us x 0.53.
  static func byHand(rateBitsPerSecond: Double, rttSeconds: Double) -> (sending: Double, waiting: Double, cpu: Double) {
    let linkBytes = 7_274.0 + 6 * 52
    let sending = linkBytes * 8 / rateBitsPerSecond
    let decodeAfterLastByte = 35_000 / 400e6 * 1_448 / 7_000
    return (sending, rttSeconds + decodeAfterLastByte, 35_000 / 100e6 * 0.53)
  }

  static func tool(_ link: LinkPreset) throws -> RequestEnergy {
    let condition = try #require(EnergyCondition(link: link, device: .phoneHigh))
    let timeline = UploadModel.timeline(
      request, setupSeconds: 0, link: link, device: .phoneHigh, parameters: parameters(link))
    return RequestEnergy.of(timeline, profile: condition.profile, cpuWatts: condition.cpuWatts)
  }

  static func expectClose(_ tool: Double, _ hand: Double, _ what: String) {
    #expect(abs(tool - hand) <= 0.001 * hand, "\(what): tool \(tool) J, by hand \(hand) J")
  }

  @Test("an LTE request: Huang et al.'s constants as ARO's lte.conf gives them, by hand, within 0.1 %")
  func lteByHand() throws {
    let (sending, waiting, cpu) = Self.byHand(rateBitsPerSecond: 5e6, rttSeconds: 0.060)
    // One flight at the link's rate: the radio sends at u = 5 Mbit/s, P = 1.2 W + 438.39 mW x 5.
    let transfer = (1.2 + 0.43839 * 5) * sending + 1.2 * waiting
    let cpuJoules = 4.0 * cpu  // the phone-high class's 4.0 W
    let promotion = 0.26 * 1.21
    let inactivity = 0.1 * 1.2
    let shortDRX = 0.02 / 0.02 * (0.002 * 1.68 + (0.02 - 0.002) * 1.06)
    let longDRX = 10 / 0.04 * (0.002 * 1.68 + (0.04 - 0.002) * 1.06)
    let energy = try Self.tool(.lte)
    Self.expectClose(energy.total(.inSession), transfer + cpuJoules, "in session")
    Self.expectClose(
      energy.total(.isolated), promotion + transfer + inactivity + shortDRX + longDRX + cpuJoules, "isolated")
    Self.expectClose(energy.sending, (1.2 + 0.43839 * 5) * sending, "sending")
  }

  @Test("a Wi-Fi request: ARO's WiFi.conf (0.403 W active, 0.25 s tail), by hand, within 0.1 %")
  func wifiByHand() throws {
    let (sending, waiting, cpu) = Self.byHand(rateBitsPerSecond: 22.6e6, rttSeconds: 0.014)
    let session = 0.403 * (sending + waiting) + 4.0 * cpu
    let energy = try Self.tool(.wifi)
    Self.expectClose(energy.total(.inSession), session, "in session")
    Self.expectClose(energy.total(.isolated), session + 0.25 * 0.403, "isolated")
  }

  @Test("a body in slow start sends below the link's rate: its power lies between beta and beta + alpha_up x rate")
  func slowStartThroughput() throws {
    var large = Self.request
    large.wireBytes = 90_000  // four flights: the radio idles between them
    let timeline = UploadModel.timeline(
      large, setupSeconds: 0, link: .lte, device: .phoneHigh, parameters: Self.parameters(.lte))
    #expect(timeline.uplinkMbps < 5 && timeline.uplinkMbps > 0.5)
    let energy = RequestEnergy.of(timeline, profile: .lte, cpuWatts: nil)
    let watts = energy.sending / timeline.sendingSeconds
    #expect(watts > 1.2 && watts < 1.2 + 0.43839 * 5)
    #expect(energy.cpu == 0)
  }

  @Test("the measuring machine and custom links have no energy; wired links are Wi-Fi; 5G keeps LTE's tail")
  func conditions() throws {
    #expect(EnergyCondition(link: .lte, device: .this) == nil)
    let office = try LinkPreset.parse("office=20Mbit@15ms")
    #expect(EnergyCondition(link: office, device: .phoneHigh) == nil)
    #expect(EnergyCondition(link: .fiber, device: .phoneLow)?.profile.name == "wifi")
    #expect(EnergyCondition(link: .cable, device: .phoneLow)?.profile.name == "wifi")
    #expect(EnergyCondition(link: .fast3G, device: .phoneLow)?.profile.name == "3g")
    let fiveG = try #require(EnergyCondition(link: .fiveG, device: .phoneHigh))
    #expect(fiveG.profile.tailJoules == RadioProfile.lte.tailJoules)
    #expect(EnergyCondition(link: .lte, device: .phoneMid)?.cpuWatts == nil)
    // The Galaxy A21s's power profile: 95.7 mA at 2.002 GHz from a 3.7 V battery.
    #expect(abs((EnergyCondition(link: .lte, device: .phoneLow)?.cpuWatts ?? 0) - 0.35409) < 1e-9)
  }

  @Test("3G: promotion 2 s at 0.65 W, DCH tail 4 s at 1.30 W, FACH 10 s at 0.30 W (ARO's i997.conf)")
  func threeGTail() {
    #expect(abs(RadioProfile.threeG.promotionJoules - 1.3) < 1e-12)
    #expect(abs(RadioProfile.threeG.tailJoules - (4 * 1.30 + 10 * 0.30)) < 1e-12)
  }
}
