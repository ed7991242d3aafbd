import DeflateBenchModel
import DeflateBenchReports
import DeflateBenchResults
import TestSupport
import Testing

/// results.json's `charts` (`Verdict.charts`): the curves the PNG charts draw and the Pareto
/// membership they ring, computed by Swift so scripts/plotting only draws them.
@Suite("Verdict: chart curves")
struct VerdictChartsTests {
  typealias Decision = VerdictDecisionTests

  static let parameters = Decision.parameters(links: [.threeG, .lte], devices: [.this, .phoneHigh])

  /// zlib 6, and zstd 3 smaller and faster (it alone is Pareto-optimal of the two).
  static let zlibAndZstd = [
    Decision.cell("zlib", 6, out: 20_000, speed: 50),
    Decision.cell("zstd", 3, container: "zstd", out: 18_000, speed: 300),
  ]

  static func charts(_ document: ResultsDocument) throws -> (ChartData, [VerdictRow], [PayloadAnswer]) {
    let cells = SummarizedCell.all(document)
    let rows = Verdict.rows(document, cells: cells, parameters: parameters)
    let answers = Verdict.answers(document, cells: cells, parameters: parameters)
    let charts = try #require(Verdict.charts(document, cells: cells, answers: answers, parameters: parameters))
    return (charts, rows, answers)
  }

  @Test("the uplink curves: zlib 6 first, the picks after, and at each link the verdict's own saving")
  func uplinkCurveAtTheLinksIsTheVerdict() throws {
    let (charts, rows, _) = try Self.charts(Decision.document(Self.zlibAndZstd))
    #expect(charts.device == "phone-high")
    let curve = try #require(charts.uplink.first)
    #expect(charts.uplink.count == 1 && curve.rttMs == LinkPreset.lte.rttMilliseconds)
    #expect(curve.ratesBitsPerSecond.count == 61 && curve.ratesBitsPerSecond.first == 1e5)
    #expect(abs((curve.ratesBitsPerSecond.last ?? 0) / 1e8 - 1) < 1e-12)
    let zlib6 = try #require(curve.series.first)
    #expect(zlib6.role == "zlib 6" && zlib6.backend == "zlib" && zlib6.level == 6)
    #expect(curve.series.contains { $0.backend == "zstd" && $0.role == "best pick" }, "\(curve.series)")
    for series in curve.series {
      #expect(series.savingMs.count == curve.ratesBitsPerSecond.count)
      #expect(series.links.map(\.link) == ["3g", "lte"])
    }
    // A slower uplink gains more from fewer bytes.
    #expect((zlib6.savingMs.first ?? 0) > (zlib6.savingMs.last ?? 0))
    for point in zlib6.links {
      let row = try #require(rows.first { $0.link == point.link && $0.device == "phone-high" })
      let zlib6Ms = try #require(row.zlib6Ms)
      #expect(abs(point.savingMs - (row.identityMs - zlib6Ms)) < 1e-9, "\(point) against \(row)")
      #expect(point.lowMs <= point.savingMs && point.savingMs <= point.highMs)
    }
    let best = try #require(curve.series.first { $0.role == "best pick" })
    for point in best.links {
      let row = try #require(rows.first { $0.link == point.link && $0.device == "phone-high" })
      if row.bestBackend == best.backend { #expect(abs(point.savingMs - row.savingMs) < 1e-9) }
    }
  }

  @Test("the Pareto membership leaves out a setting whose output is not smaller than its input")
  func paretoAppliesTheRatioRule() throws {
    // libdeflate 0: the fastest by far, and larger than its input (ratio 0.97): never on it.
    let (charts, _, _) = try Self.charts(
      Decision.document(Self.zlibAndZstd + [Decision.cell("libdeflate", 0, out: 103_000, speed: 2_000)]))
    #expect(charts.pareto.map(\.backend) == ["zstd"], "\(charts.pareto)")
  }

  @Test("the batch curve: per link, each batch size's time and energy per event with its answer and uncompressed")
  func batchCurveFollowsTheAnswers() throws {
    let cells =
      [1, 50].flatMap { events in
        [
          Decision.cell(
            "zlib", 6, input: 120 * events * 10, out: 80 * events * 10 / (events == 1 ? 1 : 4), speed: 50,
            split: "events=\(events)", payloads: 10),
          Decision.cell(
            "zstd", 3, container: "zstd", input: 120 * events * 10, out: 78 * events * 10 / (events == 1 ? 1 : 4),
            speed: 300, split: "events=\(events)", payloads: 10),
        ]
      } + [Decision.cell("zlib", 6, out: 20_000, speed: 50, corpus: "file")]
    let (charts, _, answers) = try Self.charts(Decision.document(cells))
    #expect(charts.batch.map(\.link) == ["3g", "lte"], "\(charts.batch)")
    for curve in charts.batch {
      #expect(curve.corpus == "events" && curve.points.map(\.events) == [1, 50])
      for point in curve.points {
        let answer = try #require(answers.first { $0.corpus == "events" && $0.split == point.split })
        let entry = try #require(answer.links.first { $0.link == curve.link })
        #expect(point.msPerEvent == entry.msPerEvent)
        #expect(abs(point.identityMsPerEvent - entry.identityMs / Double(point.events)) < 1e-12)
        #expect((point.setting != nil) == (answer.decision == VerdictDecision.compress.rawValue))
        // Energy per event: an isolated request's (the answer's setting when it compresses,
        // uncompressed otherwise) over the events, on the reference phone.
        let energy = try #require(entry.energy?.isolated)
        let request = (answer.decision == VerdictDecision.compress.rawValue ? energy.bestMj : nil) ?? energy.identityMj
        #expect(point.mjPerEvent == entry.mjPerEvent)
        #expect(abs(try #require(point.mjPerEvent) - request / Double(point.events)) < 1e-9)
        #expect(abs(try #require(point.identityMjPerEvent) - energy.identityMj / Double(point.events)) < 1e-9)
      }
      // Fifty events share one request's round trips, and one radio wake-up and tail: on LTE and
      // 3G those cost seconds of radio power, so one event of fifty takes under a tenth.
      #expect(curve.points[1].msPerEvent < curve.points[0].msPerEvent)
      let (alone, batched) = (try #require(curve.points[0].mjPerEvent), try #require(curve.points[1].mjPerEvent))
      #expect(batched < alone / 10)
    }
  }
}
