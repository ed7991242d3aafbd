import DeflateBenchModel
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// The verdict rows' energy (`verdict[].energy`) against the published LTE profile, on the
/// fixture document and on Results/example, a real run of the default corpora.
@Suite("Verdict energy")
struct VerdictEnergyTests {
  /// Promotion and tail of the LTE profile, from Huang et al.'s constants as ARO's lte.conf gives
  /// them, written out here: 0.26 s at 1.21 W; the inactivity timer, 0.1 s at the connected base
  /// 1.2 W; short DRX 0.02 s and long DRX 10 s at 1.06 W with a 2 ms ping at 1.68 W every 20 and
  /// 40 ms.
  static let lteIdleCostMj =
    1000
    * (0.26 * 1.21 + 0.1 * 1.2 + 0.02 / 0.02 * (0.002 * 1.68 + 0.018 * 1.06)
      + 10 / 0.04 * (0.002 * 1.68 + 0.038 * 1.06))

  static let parameters = ModelParameters(
    requestHeadBytes: 250, requestHeadSource: "default", links: [.threeG, .lte, .fiveG, .wifi, .fiber],
    devices: [.this, .phoneHigh, .phoneMid, .phoneLow])

  static func assembled(_ document: ResultsDocument, parameters: ModelParameters) -> ResultsDocument {
    var document = document
    Verdict.assemble(&document, parameters: parameters)
    return document
  }

  /// For every LTE row: isolated minus in session of the same setting is promotion plus tail
  /// within 1 %, and every figure is positive and ordered low <= mean <= high.
  static func checkLTERows(_ rows: [VerdictRow]) throws -> Int {
    var checked = 0
    for row in rows where row.link == LinkPreset.lte.name && row.device != DeviceClass.this.name {
      let energy = try #require(row.energy, "\(row.payloadSetLabel) from \(row.device)")
      #expect(energy.radio == "lte")
      let pairs: [(String, Double?, Double?)] = [
        ("identity", energy.isolated.identityMj, energy.inSession.identityMj),
        ("best", energy.isolated.bestMj, energy.inSession.bestMj),
        ("zlib 6", energy.isolated.zlib6Mj, energy.inSession.zlib6Mj),
      ]
      for case let (name, isolated?, inSession?) in pairs {
        let difference = isolated - inSession
        #expect(
          abs(difference - lteIdleCostMj) <= 0.01 * lteIdleCostMj,
          "\(row.payloadSetLabel) \(row.device) \(name): \(difference) mJ against \(lteIdleCostMj)")
        #expect(inSession > 0)
        checked += 1
      }
      for figures in [energy.isolated, energy.inSession] {
        if let best = figures.bestMj, let low = figures.bestLowMj, let high = figures.bestHighMj {
          #expect(low <= best && best <= high)
          #expect(abs((figures.savingMj ?? .nan) - (figures.identityMj - best)) < 1e-9)
        }
      }
    }
    return checked
  }

  @Test("fixture: every LTE row's isolated minus in-session energy is LTE's promotion and tail (1 %)")
  func fixtureRows() throws {
    let document = Self.assembled(makeFixtureDocument(), parameters: Self.parameters)
    let rows = try #require(document.verdict)
    #expect(try Self.checkLTERows(rows) > 0)
    for row in rows where row.device == DeviceClass.this.name { #expect(row.energy == nil) }
    for row in rows where row.device == DeviceClass.phoneMid.name { #expect(row.energy?.cpuWatts == nil) }
    for row in rows where row.link == LinkPreset.fiber.name { #expect(row.energy.map(\.radio) ?? "wifi" == "wifi") }
    let energy = try #require(document.energy)
    #expect(energy.profiles.map(\.name) == ["3g", "lte", "5g-nsa", "wifi"])
    #expect(energy.links.map(\.link) == Self.parameters.links.map(\.name))
    #expect(energy.devices.map(\.device) == ["phone-high", "phone-mid", "phone-low"])
  }

  @Test("results.json with energy reads back equal (every key's snake_case spelling round-trips)")
  func roundTrip() throws {
    let document = Self.assembled(makeFixtureDocument(), parameters: Self.parameters)
    #expect(document.energy != nil)
    let data = try JSONReport.encode(document)
    #expect(try JSONReport.decode(data, path: "memory") == document)
    let text = String(decoding: data, as: UTF8.self)
    for key in ["\"uplink_mw_per_mbps\"", "\"in_session\"", "\"zlib6_low_mj\"", "\"ping_period_seconds\""] {
      #expect(text.contains(key), "\(key)")
    }
  }

  @Test("fixture: the CPU term is the device's power times its modelled client CPU")
  func cpuTerm() throws {
    let document = Self.assembled(makeFixtureDocument(), parameters: Self.parameters)
    for row in try #require(document.verdict) where row.link == LinkPreset.lte.name {
      guard let energy = row.energy, let cpuWatts = energy.cpuWatts, let cpu = row.clientCPUMicrosecondsPerBody,
        let withCPU = energy.inSession.bestMj
      else { continue }
      // The same request with the CPU left out (the fixture's sets have one body size, the mean):
      // only the CPU term is gone.
      let best = try #require(
        SummarizedCell.all(document).compactMap(VerdictCandidate.init).first {
          $0.cell.corpus == row.corpus && $0.cell.split == row.split && $0.cell.backend == row.bestBackend
            && $0.cell.level == row.bestLevel && $0.cell.container == row.bestContainer
        })
      let link = LinkPreset.lte
      let device = try #require(Self.parameters.devices.first { $0.name == row.device })
      let condition = try #require(EnergyCondition(link: link, device: device))
      let radioOnly = best.energy(
        bodies: [row.payloadBytes], link: link, device: device,
        condition: EnergyCondition(profile: condition.profile, cpuWatts: nil), scenario: .inSession,
        parameters: Self.parameters)
      let cpuMj = cpuWatts * cpu / 1000
      #expect(abs(withCPU - radioOnly.mean * 1000 - cpuMj) <= 1e-6 + 1e-9 * withCPU)
    }
  }

  @Test("Results/example (a real run): every LTE row's isolated minus in-session energy is promotion and tail (1 %)")
  func exampleRun() throws {
    let url = DeflateBenchExecutable.packageRoot.appendingPathComponent("Results/example/results.json")
    let loaded = try JSONReport.decode(Data(contentsOf: url), path: url.path)
    let model = try #require(loaded.model)
    let document = Self.assembled(loaded, parameters: model)
    #expect(try Self.checkLTERows(try #require(document.verdict)) > 0)
  }

  @Test("the transfer power per second of sending lies between beta and beta + alpha_up x the link's rate")
  func transferPower() throws {
    let document = makeFixtureDocument()
    let candidates = SummarizedCell.all(document).compactMap(VerdictCandidate.init)
    let parameters = Self.parameters
    var checked = 0
    for candidate in candidates where candidate.shrinks {
      for link in [LinkPreset.lte, .fiveG, .threeG, .wifi] {
        let condition = try #require(EnergyCondition(link: link, device: .phoneHigh))
        let timeline = UploadModel.timeline(
          candidate.request, setupSeconds: 0, link: link, device: .phoneHigh, parameters: parameters)
        let energy = RequestEnergy.of(timeline, profile: condition.profile, cpuWatts: condition.cpuWatts)
        let watts = energy.sending / timeline.sendingSeconds
        let beta = condition.profile.baseWatts
        let ceiling = beta + condition.profile.uplinkMwPerMBps / 1000 * link.uplinkBitsPerSecond / 1e6
        #expect(watts >= beta - 1e-12 && watts <= ceiling + 1e-12, "\(candidate.setting) on \(link.name): \(watts) W")
        checked += 1
      }
    }
    #expect(checked > 0)
  }
}
