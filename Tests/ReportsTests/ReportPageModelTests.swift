import DeflateBenchResults
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchModel
@testable import DeflateBenchReports

/// The page's JavaScript model against the Swift model (the reference), on a grid of payload
/// sets, uplink rates, round trips, connections and devices: every modelled total within 1e-9
/// relative, and the same verdict (compress or not, the recommended, gzip and fastest settings).
@Suite(.enabled(if: HeadlessBrowser.executable != nil, Comment(rawValue: HeadlessBrowser.missingMessage)))
struct ReportPageModelTests {
  static let uplinks: [Double] = [1e5, 4e5, 1e6, 5e6, 22.6e6, 1e8, 1e9]
  static let roundTrips: [Double] = [1, 14, 60, 150, 400]
  static let connections = ["warm", "cold"]

  /// One grid point's answer, from either side.
  struct Answer: Codable, Equatable {
    var identityMs: Double
    var compress: Bool
    var best: String?
    var gzip: String?
    var fastest: String?
    var bestMs: Double?
    /// The zlib level 6 reference (never a dictionary cell).
    var zlib6Ms: Double?
    /// Every usable cell's total, by `backend:level:container[:dictionary]`.
    var cellMs: [String: Double]
  }

  @Test func thePageModelMatchesTheSwiftModelOnTheFixture() throws {
    try compare(makeFixtureDocument())
  }

  /// Every HTTP version and sender the model knows, not only the defaults the fixture carries.
  @Test(arguments: [("1.1", "cubic"), ("2", "bbr"), ("3", "cubic"), ("3", "bbr")])
  func thePageModelMatchesTheSwiftModelForEveryTransport(http: String, cc: String) throws {
    var document = withModel(makeFixtureDocument())
    document.model?.http = http
    document.model?.senderCongestionControl = cc
    try compare(document)
  }

  /// A setting with and without a dictionary (the same backend, level and container) are two
  /// settings: the page must keep both, name the dictionary, and never take the dictionary cell
  /// for the zlib 6 reference.
  @Test func thePageModelTellsDictionaryCellsApart() throws {
    var document = makeFixtureDocument()
    let dictionary = DictionaryRecord(
      name: "events-16k.dict", bytes: 16384, sha256: String(repeating: "ab", count: 32), origin: "test")
    let withDictionary = document.cells.filter { $0.backend == "zlib" && $0.threads == 1 }.map { cell in
      var copy = cell
      copy.dictionary = dictionary
      copy.outputBytes = cell.outputBytes * 2 / 3
      return copy
    }
    #expect(!withDictionary.isEmpty)
    document.cells += withDictionary
    let answers = try compare(document)
    #expect(answers.contains { $0.value.best?.hasSuffix(":events-16k.dict") == true })
  }

  /// The real example run: 12 payload sets from 0.7 kB to 1.4 MB per request, 48 settings each.
  @Test func thePageModelMatchesTheSwiftModelOnTheExampleRun() throws {
    let url = DeflateBenchExecutable.packageRoot.appendingPathComponent("Results/example/results.json")
    let document = try JSONReport.decode(Data(contentsOf: url), path: url.path)
    try compare(document)
  }

  @discardableResult
  func compare(_ original: ResultsDocument) throws -> [String: Answer] {
    let document = withModel(original)
    let model = try #require(document.model)
    let scratch = try ScratchDirectory("page-model")
    let html = try HTMLReport.render(document, cells: SummarizedCell.all(document))
    let text = try PageProbe.evaluate(html, script: Self.gridScript, in: scratch.url)
    let page = try JSONDecoder().decode([String: Answer].self, from: Data(text.utf8))
    let swift = swiftAnswers(document, model: model)
    #expect(page.count == swift.count, "the page answered \(page.count) grid points, Swift \(swift.count)")
    var mismatches: [String] = []
    for (point, expected) in swift.sorted(by: { $0.key < $1.key }) {
      guard let answer = page[point] else {
        mismatches.append("\(point): no answer from the page")
        continue
      }
      mismatches += differences(answer, expected).map { "\(point): \($0)" }
    }
    let mismatchCount = mismatches.count
    #expect(mismatchCount == 0, "first mismatches: \(mismatches.prefix(5).joined(separator: "; "))")
    return swift
  }

  /// The grid, evaluated in the page with its own `verdictFor` and `requestTime`.
  static let gridScript = """
    const out = {};
    for (const set of SETS) for (const uplink of \(uplinks)) for (const rtt of \(roundTrips))
      for (const connection of ["warm", "cold"]) for (const device of MODEL.devices) {
        const cond = { uplinkBitsPerSecond: uplink, rttMs: rtt, cold: connection === "cold", device: device };
        const v = verdictFor(set, set.cells, cond, MODEL);
        const cellMs = {};
        for (const cell of set.cells.filter(isUsable)) cellMs[settingId(cell)] = requestTime(set, cell, cond, MODEL).total * 1000;
        out[[set.corpus, set.split, uplink, rtt, connection, device.name].join("|")] = {
          identityMs: v.identity.total * 1000, compress: v.compress,
          best: v.best ? settingId(v.best.recommended.cell) : null, gzip: v.gzip ? settingId(v.gzip.recommended.cell) : null,
          fastest: v.best ? settingId(v.best.fastest.cell) : null,
          bestMs: v.best ? v.best.recommended.time.total * 1000 : null,
          zlib6Ms: v.zlib6 ? v.zlib6.time.total * 1000 : null, cellMs: cellMs };
      }
    return out;
    """

  /// The same grid from the Swift model and verdict.
  func swiftAnswers(_ document: ResultsDocument, model: ModelParameters) -> [String: Answer] {
    var answers: [String: Answer] = [:]
    let setting = { (cell: CellResult) in
      "\(cell.backend):\(cell.level):\(cell.container)" + (cell.dictionary.map { ":\($0.name)" } ?? "")
    }
    for set in PayloadSetCells.grouped(SummarizedCell.all(document), corpora: document.corpora) {
      let usable = set.cells.compactMap(VerdictCandidate.init)
      let candidates = usable.filter(\.shrinks)
      guard let first = set.cells.first?.cell else { continue }
      let payloadBytes = Double(first.inputBytes) / Double(first.payloads)
      for uplink in Self.uplinks {
        for rtt in Self.roundTrips {
          for connection in Self.connections {
            var parameters = model
            parameters.connection = connection
            let link = LinkPreset(name: "grid", uplinkBitsPerSecond: uplink, rttMilliseconds: rtt, source: "test")
            for device in model.devices {
              let time = { (request: UploadModel.Request) in
                UploadModel.time(request, link: link, device: device, parameters: parameters).total * 1000
              }
              let identity = time(.identity(bytes: payloadBytes))
              let best = Verdict.recommended(candidates, link: link, device: device, parameters: parameters)
              let gzip = Verdict.recommended(
                candidates.filter { $0.cell.container == "gzip" }, link: link, device: device, parameters: parameters)
              let fastest = Verdict.fastest(candidates, link: link, device: device, parameters: parameters)
              let zlib6 = usable.first { $0.cell.backend == "zlib" && $0.cell.level == 6 && $0.cell.dictionary == nil }
              var cellMs: [String: Double] = [:]
              for candidate in usable { cellMs[setting(candidate.cell)] = time(candidate.request) }
              let key = [set.corpus, set.split, Self.number(uplink), Self.number(rtt), connection, device.name]
              answers[key.joined(separator: "|")] = Answer(
                identityMs: identity, compress: best.map { $0.seconds * 1000 < identity } ?? false,
                best: best.map { setting($0.candidate.cell) }, gzip: gzip.map { setting($0.candidate.cell) },
                fastest: fastest.map { setting($0.candidate.cell) }, bestMs: best.map { $0.seconds * 1000 },
                zlib6Ms: zlib6.map { time($0.request) }, cellMs: cellMs)
            }
          }
        }
      }
    }
    return answers
  }

  /// How JavaScript prints a number in a string: 100000, 22600000, 14.
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  func differences(_ page: Answer, _ swift: Answer) -> [String] {
    var found: [String] = []
    let close = { (a: Double, b: Double) in abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
    if !close(page.identityMs, swift.identityMs) { found.append("identity \(page.identityMs) vs \(swift.identityMs)") }
    if page.compress != swift.compress { found.append("compress \(page.compress) vs \(swift.compress)") }
    if page.best != swift.best { found.append("best \(page.best ?? "none") vs \(swift.best ?? "none")") }
    if page.gzip != swift.gzip { found.append("gzip \(page.gzip ?? "none") vs \(swift.gzip ?? "none")") }
    if page.fastest != swift.fastest { found.append("fastest \(page.fastest ?? "none") vs \(swift.fastest ?? "none")") }
    if let a = page.bestMs, let b = swift.bestMs, !close(a, b) { found.append("best total \(a) vs \(b)") }
    if (page.zlib6Ms == nil) != (swift.zlib6Ms == nil) || !close(page.zlib6Ms ?? 0, swift.zlib6Ms ?? 0) {
      found.append("zlib 6 total \(page.zlib6Ms ?? .nan) vs \(swift.zlib6Ms ?? .nan)")
    }
    if page.cellMs.keys.sorted() != swift.cellMs.keys.sorted() {
      found.append("cells \(page.cellMs.count) vs \(swift.cellMs.count)")
    }
    for (cell, ms) in swift.cellMs where !close(page.cellMs[cell] ?? .nan, ms) {
      found.append("\(cell) total \(page.cellMs[cell] ?? .nan) vs \(ms)")
    }
    return found
  }
}
