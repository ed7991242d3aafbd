import DeflateBenchResults
import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchModel
@testable import DeflateBenchReports

/// The one formula the page evaluates (model.js: `requestTime` on `cellRequest`) against Swift's
/// (`UploadModel.requestTime` on `VerdictCandidate`'s request), on golden cases Swift computes:
/// every payload set's cells and identity, bodies on both sides of the first flight and far past
/// it, links from 100 kbit/s to 1 Gbit/s, device factors, both connections, both compressor
/// kinds, every HTTP version and sender, idle gaps absent, short and long. Each term within 1e-9 relative. The page makes no
/// decision of its own, so this formula is all of its model that can drift.
@Suite(.enabled(if: HeadlessBrowser.executable != nil, Comment(rawValue: HeadlessBrowser.missingMessage)))
struct ReportPageFormulaTests {
  /// One golden case: a setting (nil: identity) of a payload set, one body, one set of conditions.
  struct Case: Codable {
    var corpus: String
    var split: String
    var setting: String?
    var body: Double
    var uplink: Double
    var rttMs: Double
    var cold: Bool
    var factor: Double
    var http: String
    var senderCongestionControl: String
    var compressor: String
    /// The model's `idle_seconds` (nil: absent, the whole restart).
    var idle: Double?
    /// Swift's terms, seconds: compress, handshake, deliver, response, decode, total.
    var expected: [Double]
  }

  static let bodies: [Double] = [700, 14_000, 14_600, 150_000, 5_000_000]
  static let links: [(Double, Double)] = [(1e5, 400), (1e6, 150), (22.6e6, 60), (1e8, 14), (1e9, 1)]
  static let factors: [Double] = [1, 3.7, 11]
  /// Idle gaps: absent, a partial restart on the slow links, a whole one.
  static let idleGaps: [Double?] = [nil, 1, 30]
  static let transports: [(String, String)] = [
    ("1.1", "cubic"), ("2", "cubic"), ("2", "bbr"), ("3", "cubic"), ("3", "bbr"),
  ]

  @Test func theFormulaMatchesSwiftOnTheFixture() throws {
    try compare(withModel(makeFixtureDocument()))
  }

  /// A real run: 12 payload sets from 0.7 kB to 1.4 MB per request, measured cold calls.
  @Test func theFormulaMatchesSwiftOnTheExampleRun() throws {
    let url = DeflateBenchExecutable.packageRoot.appendingPathComponent("Results/example/results.json")
    try compare(withModel(JSONReport.decode(Data(contentsOf: url), path: url.path)), combinations: 3)
  }

  func compare(_ document: ResultsDocument, combinations: Int = 20) throws {
    let cases = goldenCases(document, combinations: combinations)
    #expect(cases.count > 1000, "only \(cases.count) golden cases")
    let scratch = try ScratchDirectory("page-formula")
    let html = try HTMLReport.render(document, cells: SummarizedCell.all(document))
    let input = String(decoding: try JSONEncoder().encode(cases), as: UTF8.self)
    let text = try PageProbe.evaluate(html, script: Self.script(input), in: scratch.url)
    let page = try JSONDecoder().decode(PageAnswer.self, from: Data(text.utf8))
    #expect(page.terms.count == cases.count)
    var mismatches: [String] = []
    for (golden, terms) in zip(cases, page.terms) {
      let close = zip(golden.expected, terms).allSatisfy { a, b in abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-12) }
      if !close || terms.count != golden.expected.count {
        mismatches.append(
          "\(golden.corpus)/\(golden.split) \(golden.setting ?? "identity") body \(golden.body) "
            + "\(golden.uplink) bit/s \(golden.rttMs) ms cold \(golden.cold) x\(golden.factor) HTTP/\(golden.http) "
            + "\(golden.senderCongestionControl) \(golden.compressor): page \(terms), Swift \(golden.expected)")
      }
    }
    let mismatchCount = mismatches.count
    #expect(mismatchCount == 0, "first mismatches: \(mismatches.prefix(3).joined(separator: "; "))")
    // The cells the page times are the cells Swift's verdict may use.
    let timeable = Dictionary(
      grouping: SummarizedCell.all(document).filter { VerdictCandidate($0) != nil }.map(\.cell),
      by: { "\($0.corpus)|\($0.split)" }
    ).mapValues { Set($0.map(Self.setting)) }
    #expect(page.timeable.mapValues(Set.init) == timeable)
  }

  struct PageAnswer: Decodable {
    var terms: [[Double]]
    var timeable: [String: [String]]
  }

  /// Every case through the page's own `cellRequest` and `requestTime`, on the page's data.
  static func script(_ cases: String) -> String {
    """
    const cases = \(cases);
    const terms = cases.map(c => {
      const set = SETS.find(s => s.corpus === c.corpus && s.split === c.split);
      const cell = c.setting === null ? null : set.cells.find(x => x.threads === 1 && settingId(x) === c.setting);
      const model = Object.assign({}, MODEL, { http: c.http, sender_congestion_control: c.senderCongestionControl,
        compressor: c.compressor, idle_seconds: c.idle });
      const t = requestTime(cellRequest(cell, c.body, model),
        { uplinkBitsPerSecond: c.uplink, rttMs: c.rttMs, cold: c.cold, compressSlowdown: c.factor }, model);
      return [t.compress, t.handshake, t.deliver, t.response, t.decode, t.total];
    });
    const timeable = {};
    for (const set of SETS) timeable[set.corpus + "|" + set.split] = set.cells.filter(isTimeable).map(settingId);
    return { terms: terms, timeable: timeable };
    """
  }

  static func setting(_ cell: CellResult) -> String {
    "\(cell.backend):\(cell.level):\(cell.container)" + (cell.dictionary.map { ":\($0.name)" } ?? "")
  }

  /// Swift's answers: each payload set's identity and candidates at its mean body and the fixed
  /// sizes, each under `combinations` of the transports, connections and compressor kinds (all 20
  /// for the fixture, fewer for a real run's thousands of pairs), the link and device factor
  /// cycling with the case so neighbouring values meet without a full product.
  func goldenCases(_ document: ResultsDocument, combinations: Int = 20) -> [Case] {
    guard let model = document.model else { return [] }
    var settings: [ModelParameters] = []
    for (http, congestion) in Self.transports {
      for connection in ["warm", "cold"] {
        for compressor in ["per-request", "reused"] {
          var parameters = model
          parameters.http = http
          parameters.senderCongestionControl = congestion
          parameters.connection = connection
          parameters.compressor = compressor
          settings.append(parameters)
        }
      }
    }
    var cases: [Case] = []
    var index = 0
    for set in PayloadSetCells.grouped(SummarizedCell.all(document), corpora: document.corpora) {
      guard let first = set.cells.first?.cell else { continue }
      let mean = Double(first.inputBytes) / Double(first.payloads)
      let candidates: [VerdictCandidate?] = [nil] + set.cells.compactMap(VerdictCandidate.init)
      for candidate in candidates {
        for body in [mean] + Self.bodies {
          for _ in 0..<combinations {
            var parameters = settings[index % settings.count]
            let (uplink, rtt) = Self.links[index / settings.count % Self.links.count]
            let factor = Self.factors[index / 7 % Self.factors.count]
            parameters.idleSeconds = Self.idleGaps[index / 3 % Self.idleGaps.count]
            index += 1
            let link = LinkPreset(name: "golden", uplinkBitsPerSecond: uplink, rttMilliseconds: rtt, source: "test")
            let device = DeviceClass(name: "golden", compressSlowdown: factor, source: "test")
            var request = candidate?.request ?? .identity(bytes: body)
            request.inputBytes = body
            request.wireBytes = body * (candidate?.wireRatio ?? 1)
            let setup = candidate.map { parameters.reusesCompressor ? 0 : $0.setup.median } ?? 0
            let parts = UploadModel.requestTime(
              request, setupSeconds: setup, link: link, device: device, parameters: parameters)
            cases.append(
              Case(
                corpus: set.corpus, split: set.split, setting: candidate.map { Self.setting($0.cell) }, body: body,
                uplink: uplink, rttMs: rtt, cold: parameters.isCold, factor: factor, http: parameters.http,
                senderCongestionControl: parameters.senderCongestionControl, compressor: parameters.compressorKind,
                idle: parameters.idleSeconds,
                expected: [parts.compress, parts.handshake, parts.deliver, parts.response, parts.decode, parts.total]))
          }
        }
      }
    }
    return cases
  }
}
