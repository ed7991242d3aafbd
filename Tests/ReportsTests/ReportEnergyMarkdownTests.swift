import DeflateBenchModel
import DeflateBenchReports
import DeflateBenchResults
import TestSupport
import Testing

/// report.md's energy: the batch table's energy per event, the verdict table's energy saving and
/// its rows decided on time in an energy run, and the notes naming what the decision weighed.
@Suite("Markdown report: energy beside time")
struct ReportEnergyMarkdownTests {
  typealias Cases = VerdictDecisionTests

  static let office = LinkPreset(name: "office", uplinkBitsPerSecond: 20e6, rttMilliseconds: 15, source: "test")

  /// One generator at 1 and 50 events per request, on LTE and a custom link (no radio), from this
  /// machine and an iPhone-class phone, assembled as `run` does.
  static func report(_ objective: VerdictObjective) -> (text: String, document: ResultsDocument) {
    let cells = [1, 50].map { events in
      Cases.cell(
        "zlib", 6, input: 700 * events * 10, out: 700 * events * 10 / (events == 1 ? 2 : 9), speed: 60,
        split: "events=\(events)", payloads: 10)
    }
    var document = Cases.document(cells)
    var parameters = Cases.parameters(links: [.lte, office], devices: [.this, .phoneHigh])
    parameters.objective = objective.rawValue
    Verdict.assemble(&document, parameters: parameters)
    return (MarkdownReport.render(document), document)
  }

  /// The table lines of the section headed `heading`.
  static func table(after heading: String, in text: String) -> [String] {
    guard let start = text.range(of: heading) else { return [] }
    return text[start.upperBound...].split(separator: "\n").map(String.init)
      .drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.map { $0 }
  }

  @Test("the batch table gives energy per event on each link with a radio, as the answers carry it")
  func batchTableInJoules() throws {
    let (text, document) = Self.report(.time)
    let lines = Self.table(after: "### Time per event by batch size", in: text)
    let header = try #require(lines.first)
    #expect(header.contains("LTE ms / event") && header.contains("office ms / event"), "\(header)")
    #expect(header.contains("LTE energy / event") && !header.contains("office energy / event"), "\(header)")
    #expect(text.contains("Energy per event: the phone's radio and CPU for an isolated request"))
    for answer in try #require(document.answer) {
      let lte = try #require(answer.links.first { $0.link == "lte" }?.mjPerEvent)
      let line = try #require(lines.first { $0.contains(answer.payloadSetLabel) })
      #expect(line.hasSuffix("| \(NumberText.energy(millijoules: lte)) |"), "\(line)")
    }
  }

  @Test("an energy run's report says so, and marks the rows it decided on time")
  func verdictTableSaysWhatWasWeighed() throws {
    let (energy, document) = Self.report(.energy)
    #expect(energy.contains("decided on energy: the phone's modelled energy per request in session"))
    #expect(energy.contains("- **Objective:** energy: the rules weigh the phone's modelled energy per request"))
    let rows = Self.table(after: "## Verdict", in: energy)
    #expect(try #require(rows.first).contains("Energy saved / request"))
    for row in try #require(document.verdict) {
      let line = try #require(
        rows.first { $0.contains("| \(row.payloadSetLabel) | \(row.link) | \(row.device) |") }, "\(row.link)")
      #expect(line.contains("(on time)") == (row.objective == "time"), "\(line)")
      #expect(line.contains(" mJ |") == (row.energy != nil), "\(line)")
    }
    let (time, _) = Self.report(.time)
    #expect(time.contains("decided on time (--objective time)") && time.contains("- **Objective:** time."))
    #expect(!time.contains("(on time)"))
  }
}
