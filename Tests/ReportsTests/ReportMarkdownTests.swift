import DeflateBenchModel
import DeflateBenchReports
import DeflateBenchResults
import TestSupport
import Testing

@Suite("Markdown report")
struct ReportMarkdownTests {
  /// The table row of a cell, found by its backend, level and threads columns.
  func row(in report: String, backend: String, level: Int, threads: Int = 1) -> String? {
    report.split(separator: "\n").map(String.init).first { line in
      let fields = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      return fields.count > 5 && fields[2] == backend && fields[3] == String(level) && fields[5] == String(threads)
    }
  }

  @Test("The context block states the machine, build, libraries, command and timing")
  func context() {
    let report = MarkdownReport.render(makeFixtureDocument())
    for expected in [
      "# DeflateBench results", "- **Date:** 2025-01-15T09:30:00Z", "- **CPU:** Fixture CPU @ 3.00GHz, 2 logical cores",
      "- **Memory:** 8.59 GB", "- **OS:** Debian GNU/Linux 12, kernel 6.1.0-fixture", "- **Swift:** 6.0.3",
      "- **Build:** release", "- **Libraries:** libdeflate 1.19, zlib 1.3, zstd 1.5.5",
      "- **Command:** `deflate-bench run --quick --seed 42`", "- **Seed:** 42", "5 repetitions",
      "min-time 0.0500 s", "- **DeflateBench:** v0.1.0-fixture", "- **CPU governor:** performance",
      "| events | json-events | events=50 | 240000 | 20 |",
    ] {
      #expect(report.contains(expected), "missing: \(expected)")
    }
  }

  @Test("The incomplete banner appears exactly when the run did not finish")
  func incompleteBanner() {
    #expect(!MarkdownReport.render(makeFixtureDocument()).contains("INCOMPLETE"))
    let report = MarkdownReport.render(makeFixtureDocument(complete: false))
    #expect(report.contains("> **INCOMPLETE RUN.**"))
    // Before the context, where nobody can miss it.
    #expect(report.range(of: "INCOMPLETE")!.lowerBound < report.range(of: "## Context")!.lowerBound)
  }

  @Test("Pareto-optimal cells are marked on a crafted payload set, and only they")
  func paretoMarks() throws {
    let cells = [
      makeFixtureCell(backend: "zopfli", level: 15, outputBytes: 20_000, compressMBps: [1]),
      makeFixtureCell(backend: "libdeflate", level: 6, outputBytes: 24_000, compressMBps: [90]),
      makeFixtureCell(backend: "zlib", level: 6, outputBytes: 25_000, compressMBps: [30]),
      makeFixtureCell(backend: "libdeflate", level: 1, outputBytes: 30_000, compressMBps: [300]),
    ]
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: cells, warnings: [])
    let report = MarkdownReport.render(document)
    #expect(try #require(row(in: report, backend: "zopfli", level: 15)).hasPrefix("| ◆ |"))
    #expect(try #require(row(in: report, backend: "libdeflate", level: 6)).hasPrefix("| ◆ |"))
    #expect(try #require(row(in: report, backend: "libdeflate", level: 1)).hasPrefix("| ◆ |"))
    #expect(try #require(row(in: report, backend: "zlib", level: 6)).hasPrefix("|  |"))
    // Sorted by ratio, best first, in the appendix's full table.
    let appendix = try #require(report.range(of: "# Appendix"))
    let zopfli = try #require(report.range(of: "| zopfli |", range: appendix.upperBound..<report.endIndex))
    let zlib = try #require(report.range(of: "| zlib |", range: appendix.upperBound..<report.endIndex))
    #expect(zopfli.lowerBound < zlib.lowerBound)
  }

  @Test(
    "A row shows ratio, saving, the headline and its interval, the median, decompression, cold call and verification")
  func rowFigures() throws {
    let cell = makeFixtureCell(
      backend: "zlib", level: 6, inputBytes: 1000, outputBytes: 250, compressMBps: [100, 100, 100],
      decompressMBps: [410, 400, 405], coldMicroseconds: [52.26])
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: [cell], warnings: [])
    let line = try #require(row(in: MarkdownReport.render(document), backend: "zlib", level: 6))
    #expect(
      line == "| ◆ | zlib | 6 | gzip | 1 | 4.00 | 75.0 % | 100 | 100 – 100 | 100 | 410 | 52.3 | yes (libdeflate) |")
  }

  @Test("The report opens with a title, three context lines and the answer, one line per payload set")
  func verdictFirst() throws {
    var document = makeFixtureDocument()
    let parameters = ModelParameters(
      requestHeadBytes: 250, requestHeadSource: "default", links: LinkPreset.verdictDefault,
      devices: DeviceClass.verdictDefault)
    document.model = parameters
    document.verdict = Verdict.rows(document, cells: SummarizedCell.all(document), parameters: parameters)
    document.answer = Verdict.answers(document, cells: SummarizedCell.all(document), parameters: parameters)
    let lines = MarkdownReport.render(document).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "# DeflateBench results")
    #expect(lines[2].hasPrefix("- **Machine:** Fixture CPU"))
    #expect(lines[3].hasPrefix("- **Libraries:**"))
    #expect(lines[4].hasPrefix("- **Date:**"))
    let answer = try #require(lines.firstIndex(of: "## Answer"))
    #expect(answer < 15)
    // One line per payload set: the fixture has two.
    #expect(lines[answer + 2].hasPrefix("- events/events=50: ") && lines[answer + 3].hasPrefix("- alice/whole: "))
    #expect(lines[answer + 4] == "")
    let verdict = try #require(lines.firstIndex(of: "## Verdict"))
    #expect(verdict < 40)
    #expect(
      lines[verdict + 2].hasPrefix("| Payload set | Link | Device | Verdict | gzip pick | Recommended | Fastest |"))
  }

  @Test("Thread scaling appears with threads above one, with efficiency = speed(N) / (N speed(1))")
  func threadScaling() throws {
    let one = makeFixtureCell(level: 6, compressMBps: [100])
    let two = makeFixtureCell(level: 6, threads: 2, compressMBps: [150])
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: [one, two], warnings: [])
    let report = MarkdownReport.render(document)
    #expect(report.contains("## Thread scaling"))
    #expect(report.contains("| events/whole | zlib | gzip | 6 | 100 | 2 | 150 | 1.50× | 75 % |"))
    let single = ResultsDocument(complete: true, context: makeFixtureContext(), corpora: [], cells: [one], warnings: [])
    #expect(!MarkdownReport.render(single).contains("## Thread scaling"))
  }

  @Test("Memory and cold-call tables; a backend without an allocator hook shows a dash and a note")
  func resources() {
    let report = MarkdownReport.render(makeFixtureDocument())
    #expect(report.contains("## Memory"))
    #expect(report.contains("| zlib | gzip | 6 | 269 kB |"))
    #expect(report.contains("| zstd | zstd | 3 | — |"))
    #expect(report.contains("no allocator hook"))
    #expect(report.contains("## Cold calls"))
    #expect(report.contains("| Backend | Container | Level | events/events=50 (12.0 kB) | alice/whole (152 kB) |"))
    // Cold / warm on the same payload: the fixture's warm call is 97 % of the body's time at the
    // cell's speed, its cold call 20 µs more than that time. Its 5 repetitions are too few to class.
    #expect(report.contains("| libdeflate | gzip | 1 | +20.9 (too few samples; 59.7 / 38.8) |"))
    #expect(
      report.contains(
        "Cold calls of 36 cells: 0 with a cold penalty, 0 within noise, 0 below the warm call, "
          + "36 with too few samples to tell (fewer than 10)."))
  }

  @Test("Cold calls: one line counts the classes; each entry gives the extra, its class and both medians")
  func coldCallClasses() {
    let warm: [Double] = [100, 102, 98, 101, 99, 103, 97, 100, 101, 99]
    func cell(level: Int, adding differences: [Double]) -> CellResult {
      makeFixtureCell(
        level: level, coldMicroseconds: zip(warm, differences).map { $0 + $1 }, coldPayloadBytes: 5_000,
        warmCallMicroseconds: warm)
    }
    let cells = [
      cell(level: 1, adding: [10, 12, 8, 11, 9, 13, 10, 10, 12, 9]),
      cell(level: 6, adding: [-5, 3, -2, 4, -1, 2, -3, 1, 5, -4]),
      cell(level: 9, adding: [-4, -6, -5, -9, -7, -5, -6, -8, -4, -6]),
    ]
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [], cells: cells, warnings: [])
    let report = MarkdownReport.render(document)
    #expect(
      report.contains(
        "## Cold calls\n\nCold calls of 3 cells: 1 with a cold penalty, 1 within noise, 1 below the warm call.\n"))
    #expect(report.contains("| zlib | gzip | 1 | +10.0 (penalty; 110 / 100) |"))
    // Within noise shows no extra, but both medians: the cold median may even read lower.
    #expect(report.contains("| zlib | gzip | 6 | ≈0 (within noise; 99.5 / 100) |"))
    #expect(report.contains("| zlib | gzip | 9 | -6.00 (below; 93.0 / 100) |"))
    // The figure recorded by the run is what the report shows, not a recomputation.
    var recorded = document
    recorded.cells[1].coldExtra = ColdExtra(
      medianMicroseconds: 1, medianRatio: 1.01, lowerMicroseconds: 0.5, upperMicroseconds: 2, confidence: 0.95,
      pairs: 10, finding: .penalty)
    #expect(MarkdownReport.render(recorded).contains("| zlib | gzip | 6 | +1.00 (penalty; 99.5 / 100) |"))
  }

  @Test("Warnings list the run's warnings and noisy cells")
  func warnings() {
    var document = makeFixtureDocument(warnings: ["debug build: figures are not representative"])
    document.cells[0].compressSamplesMBps = [50, 100, 75, 60, 90]
    let report = MarkdownReport.render(document)
    #expect(report.contains("## Warnings"))
    #expect(report.contains("- debug build: figures are not representative"))
    #expect(
      report.contains(
        "- 1 cell has a noisy headline speed (its fastest samples disagree by more than 5 %); worst: "
          + "events/events=50 zlib gzip level 1"))
    #expect(
      report.contains("## Noisy cells\n\n- noisy: events/events=50 zlib gzip level 1 threads 1 compress headline"))
    #expect(!MarkdownReport.render(makeFixtureDocument()).contains("## Warnings"))
  }

  @Test("Measured uploads and plot links appear only when the run has them")
  func extras() {
    let plain = MarkdownReport.render(makeFixtureDocument(uploadLink: nil))
    #expect(!plain.contains("## Measured uploads") && !plain.contains("## Plots"))
    let extras = ReportExtras(plots: ["plots/ratio speed.png"])
    let report = MarkdownReport.render(makeFixtureDocument(), extras: extras)
    #expect(report.contains("## Measured uploads"))
    #expect(report.contains("| events/events=50 | zlib gzip 1 | lte |"))
    #expect(report.contains("## Plots\n\n![ratio speed.png](<plots/ratio speed.png>)"))
  }

  @Test("Names with pipes and newlines cannot break a table")
  func escaping() throws {
    let cell = makeFixtureCell(corpus: "a|b", split: "x\ny", backend: "z|lib")
    let corpus = CorpusRecord(name: "a|b", kind: "file", split: "x\ny", bytes: 1, payloads: 1, sha256: "00")
    let document = ResultsDocument(
      complete: true, context: makeFixtureContext(), corpora: [corpus], cells: [cell], warnings: [])
    let report = MarkdownReport.render(document)
    #expect(report.contains("| a\\|b | file | x y |"))
    #expect(report.contains("| z\\|lib | 6 |"))
  }

  @Test("A document without cells still renders its context and no empty tables")
  func emptyDocument() {
    let document = ResultsDocument(complete: false, context: makeFixtureContext(), corpora: [], cells: [], warnings: [])
    let report = MarkdownReport.render(document)
    #expect(report.contains("## Context") && report.contains("INCOMPLETE"))
    for absent in ["## Verdict", "## Memory", "## Cold calls", "## Thread scaling", "| Pareto |"] {
      #expect(!report.contains(absent), "unexpected: \(absent)")
    }
    #expect(CSVReport.render(document) == CSVReport.columns.joined(separator: ",") + "\r\n")
  }
}
