import DeflateBenchCLI
import DeflateBenchMeasurement
import DeflateBenchModel
import DeflateBenchReports
import DeflateBenchResults
import Foundation
import TestSupport
import Testing

/// Runs `scripts/plot.py` on the fixture results folders, as `deflate-bench run --plots` and a
/// person would, and checks what the README and the report rely on: real PNG files of the
/// documented size for every kind of chart, and a clear refusal of anything that is not a
/// results folder.
@Suite(
  "scripts/plot.py",
  .enabled(if: Judge.matplotlib.isAvailable, Comment(rawValue: Judge.matplotlib.missing)))
struct PlotScriptTests {
  /// Every chart is drawn at 1000 x 600 pixels (10 x 6 inches at 100 dpi), a size that reads
  /// well in a README; scripts/plotting/style.py holds the figure size.
  static let chartWidth = 1000
  static let chartHeight = 600

  @Test func drawsEveryKindOfChartFromAResultsFolder() throws {
    let out = try PlotTemporaryFolder()
    let folder = try PlotTemporaryFolder()
    try PlotScript.writeWithSwiftCharts(PlotScript.fixtureDocument("plot-results"), to: folder.url)
    let run = try PlotScript.run([
      folder.url.path, "--out", out.url.path,
      "--baseline", PlotScript.fixture("plot-results-baseline").path,
    ])
    #expect(run.status == 0, "stderr: \(run.stderr)")

    let written = run.stdout.split(separator: "\n").map(String.init)
    let pngs = written.filter { $0.hasSuffix(".png") }
    #expect(pngs.count >= 4)
    for prefix in [
      "ratio-vs-speed-", "by-level-", "decompression-", "time-saved-", "threads-", "baseline-comparison",
      "upload-measured-vs-model",
    ] {
      #expect(pngs.contains { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix(prefix) }, "no \(prefix) chart")
    }
    for png in pngs {
      let url = URL(fileURLWithPath: png)
      #expect(url.deletingLastPathComponent().standardizedFileURL.path == out.url.standardizedFileURL.path)
      #expect(try PlotScript.bytes(of: url) > PlotScript.nearlyEmptyPNGBytes, "\(url.lastPathComponent) looks empty")
      let size = try PlotPNGHeader.size(of: url)
      #expect(size.width == Self.chartWidth && size.height == Self.chartHeight, "\(url.lastPathComponent): \(size)")
      // The SVG twin of every PNG, as the default --format png,svg promises.
      let svg = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("svg"), encoding: .utf8)
      #expect(svg.contains("<svg"))
    }
  }

  /// A generator measured at two batch sizes gets the time-per-event chart, drawn from the
  /// curves Swift wrote (`charts.batch`), as PNG and SVG.
  @Test func drawsTheBatchChartFromSwiftsCurves() throws {
    let folder = try PlotTemporaryFolder()
    try PlotScript.writeWithSwiftCharts(PlotScript.batchDocument(), to: folder.url)
    let run = try PlotScript.run([folder.url.path, "--out", folder.url.appendingPathComponent("plots").path])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let names = run.stdout.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }
    #expect(names.contains("time-per-event-batch-events.png"), "\(names)")
    #expect(names.contains("time-per-event-batch-events.svg"), "\(names)")
  }

  /// The charts draw Swift's numbers: what scripts/plotting reads from `charts` is exactly what
  /// Swift computed (the Pareto keys, every point of every uplink and batch curve), and it
  /// computes nothing of its own (it holds no copy of the model: scripts/plotting has no
  /// upload model module).
  @Test func plottingReadsSwiftsCurvesUnchanged() throws {
    let folder = try PlotTemporaryFolder()
    try PlotScript.writeWithSwiftCharts(PlotScript.batchDocument(), to: folder.url)
    // What Swift wrote, as Swift reads it back: the numbers on disk are the ones to draw.
    let written = folder.url.appendingPathComponent(JSONReport.fileName)
    let charts = try #require(try JSONReport.decode(Data(contentsOf: written), path: written.path).charts)
    #expect(!charts.uplink.isEmpty && !charts.batch.isEmpty && !charts.pareto.isEmpty)
    // Python prints every number with repr (shortest round trip), so both sides parse exactly.
    let script = """
      import json, sys
      sys.path.insert(0, sys.argv[1])
      from plotting.results import load_results
      charts = load_results(sys.argv[2]).charts
      print(json.dumps({
          "pareto": sorted("/".join(map(str, key)) for key in charts.pareto),
          "uplink": [[[repr(v) for v in list(series.saving_ms) + [p.saving_ms for p in series.links]]
                      for series in curve.series] for curve in charts.uplink],
          "batch": [[[repr(p.ms_per_event), repr(p.identity_ms_per_event), repr(p.mj_per_event),
                      repr(p.identity_mj_per_event)] for p in curve.points] for curve in charts.batch],
      }))
      """
    let run = try PlotScript.run(python: [
      "-c", script, PlotScript.packageRoot.appendingPathComponent("scripts").path, folder.url.path,
    ])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let read = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let pareto = charts.pareto.map {
      [$0.corpus, $0.split, $0.backend, $0.container, String($0.level), String($0.threads), $0.dictionary ?? ""]
        .joined(separator: "/")
    }.sorted()
    #expect(read["pareto"] as? [String] == pareto)
    let numbers = { (key: String) in
      (read[key] as? [[[String]]])?.map { $0.map { $0.compactMap(Double.init) } }
    }
    #expect(numbers("uplink") == charts.uplink.map { $0.series.map { $0.savingMs + $0.links.map(\.savingMs) } })
    // The energy per event too: the fixture's phone on 3G and LTE has a radio and a CPU power.
    #expect(charts.batch.allSatisfy { $0.points.allSatisfy { $0.mjPerEvent != nil && $0.identityMjPerEvent != nil } })
    #expect(
      numbers("batch")
        == charts.batch.map {
          $0.points.map {
            [$0.msPerEvent, $0.identityMsPerEvent, $0.mjPerEvent ?? .nan, $0.identityMjPerEvent ?? .nan]
          }
        })
    #expect(
      !FileManager.default.fileExists(
        atPath: PlotScript.packageRoot.appendingPathComponent("scripts/plotting/model.py").path))
  }

  @Test func writesIntoPlotsInsideTheResultsFolderByDefault() throws {
    // One payload set of the fixture is enough here and keeps the test quick.
    let folder = try PlotTemporaryFolder()
    let fixture = PlotScript.fixture("plot-results").appendingPathComponent("results.json")
    var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
    let cells = try #require(document["cells"] as? [[String: Any]])
    document["cells"] = cells.filter { $0["corpus"] as? String == "twitter-json" }
    try JSONSerialization.data(withJSONObject: document).write(to: folder.url.appendingPathComponent("results.json"))

    let run = try PlotScript.run([folder.url.path, "--format", "png"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let plots = folder.url.appendingPathComponent("plots")
    let files = try FileManager.default.contentsOfDirectory(atPath: plots.path)
    #expect(files.filter { $0.hasSuffix(".png") }.count >= 4)
    #expect(!files.contains { $0.hasSuffix(".svg") }, "--format png wrote SVG files")
    for name in files {
      #expect(try PlotScript.bytes(of: plots.appendingPathComponent(name)) > PlotScript.nearlyEmptyPNGBytes, "\(name)")
    }
  }

  /// The reports helper's fixture is written by the project's own results writer; the script must
  /// read what the writer writes, not only the plot fixture.
  @Test func drawsTheReportFixtureWrittenByTheResultsWriter() throws {
    let fixture = PlotScript.fixture("results-small")
    try #require(
      FileManager.default.fileExists(atPath: fixture.appendingPathComponent("results.json").path),
      "Tests/Fixtures/results-small/results.json is missing")
    let out = try PlotTemporaryFolder()
    let run = try PlotScript.run([fixture.path, "--out", out.url.path, "--format", "png"])
    #expect(run.status == 0, "stderr: \(run.stderr)")
    let pngs = run.stdout.split(separator: "\n").filter { $0.hasSuffix(".png") }
    #expect(pngs.count >= 4)
    for png in pngs {
      let size = try PlotPNGHeader.size(of: URL(fileURLWithPath: String(png)))
      #expect(size == PlotPNGHeader.Size(width: Self.chartWidth, height: Self.chartHeight), "\(png)")
    }
  }

  @Test func refusesAFolderWithoutResults() throws {
    let folder = try PlotTemporaryFolder()
    let run = try PlotScript.run([folder.url.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(folder.url.path) is not a results folder"), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("plots").path))
  }

  @Test(arguments: [
    PlotInvalidResults(contents: "{ \"schema_version\": 1, ", expected: "invalid JSON"),
    PlotInvalidResults(contents: "{\"hello\": 1}", expected: "not a DeflateBench results document"),
    PlotInvalidResults(contents: "{\"schema_version\": 99, \"cells\": []}", expected: "schema_version 99 is newer"),
    PlotInvalidResults(
      contents: "{\"schema_version\": 1, \"cells\": [{\"corpus\": \"a\"}]}", expected: "cells[0].backend"),
    PlotInvalidResults(contents: "{\"schema_version\": 1, \"cells\": []}", expected: "no measured cells"),
  ])
  func refusesAnInvalidResultsFile(_ invalid: PlotInvalidResults) throws {
    let folder = try PlotTemporaryFolder()
    let file = folder.url.appendingPathComponent("results.json")
    try Data(invalid.contents.utf8).write(to: file)
    let run = try PlotScript.run([folder.url.path])
    #expect(run.status == 2)
    #expect(run.stderr.contains(file.path), "stderr: \(run.stderr)")
    #expect(run.stderr.contains(invalid.expected), "stderr: \(run.stderr)")
  }
}

struct PlotInvalidResults: Sendable, CustomTestStringConvertible {
  let contents: String
  let expected: String
  var testDescription: String { expected }
}

// MARK: - Running the script

/// The plotting script and the interpreter that runs it.
enum PlotScript {
  /// Debian's Python, which has python3-matplotlib; a pyenv `python3` on PATH may not.
  static let python = URL(fileURLWithPath: "/usr/bin/python3")

  /// The package root: the nearest folder above this file that holds Package.swift.
  static let packageRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
      folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }()

  /// A 1000 x 600 figure with empty axes is about 9 KB as PNG; the sparsest real chart (a single
  /// cell) is about 50 KB. Anything under this is a chart with nothing drawn in it.
  static let nearlyEmptyPNGBytes = 20_000

  static func bytes(of url: URL) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
  }

  static func fixture(_ name: String) -> URL {
    packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
  }

  static func fixtureDocument(_ name: String) throws -> ResultsDocument {
    let url = fixture(name).appendingPathComponent(JSONReport.fileName)
    return try JSONReport.decode(Data(contentsOf: url), path: url.path)
  }

  /// A generator at two batch sizes (events=1 and events=50) and a file, with a model of two
  /// links and two devices.
  static func batchDocument() -> ResultsDocument {
    var document = makeFixtureDocument(
      corpora: [
        FixtureCorpus(
          name: "events", kind: "json-events", split: "events=1", payloadBytes: 400, payloads: 50, baseRatio: 2),
        FixtureCorpus(
          name: "events", kind: "json-events", split: "events=50", payloadBytes: 20_000, payloads: 1, baseRatio: 5),
      ] + FixtureCorpus.standard.suffix(1), threads: [1], uploadLink: nil)
    document.model = ModelParameters(
      requestHeadBytes: 250, requestHeadSource: "default", links: [.threeG, .lte],
      devices: [.this, .phoneHigh])
    return document
  }

  /// `document` as a run writes it: the verdict, the answers and the chart curves computed by
  /// Swift from its cells and model (the fixture script writes only what a run measures).
  @discardableResult
  static func writeWithSwiftCharts(_ document: ResultsDocument, to folder: URL) throws -> ResultsDocument {
    var document = document
    let model = try #require(document.model)
    let cells = SummarizedCell.all(document)
    document.verdict = Verdict.rows(document, cells: cells, parameters: model)
    document.answer = Verdict.answers(document, cells: cells, parameters: model)
    document.charts = Verdict.charts(document, cells: cells, answers: document.answer ?? [], parameters: model)
    try JSONReport.encode(document).write(to: folder.appendingPathComponent(JSONReport.fileName))
    return document
  }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func run(_ arguments: [String]) throws -> Run {
    try run(python: [packageRoot.appendingPathComponent("scripts/plot.py").path] + arguments)
  }

  /// Runs Python with its output in files rather than pipes, so a chatty child can never block
  /// on a full pipe while we wait for it.
  static func run(python arguments: [String]) throws -> Run {
    let folder = try PlotTemporaryFolder()
    let stdoutURL = folder.url.appendingPathComponent("stdout")
    let stderrURL = folder.url.appendingPathComponent("stderr")
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    defer {
      try? stdout.close()
      try? stderr.close()
    }

    let process = Process()
    process.executableURL = python
    process.arguments = arguments
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus,
      stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
      stderr: try String(contentsOf: stderrURL, encoding: .utf8))
  }
}

/// A fresh folder under the system temporary directory, removed when the value goes away.
final class PlotTemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("plot-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}

// MARK: - PNG size

/// Reads a PNG's pixel size from its IHDR chunk, which the format requires to come first.
enum PlotPNGHeader {
  struct Size: CustomStringConvertible, Equatable {
    var width: Int
    var height: Int
    var description: String { "\(width)x\(height)" }
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  static func size(of url: URL) throws -> Size {
    let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
    try #require(bytes.count == 24, "\(url.lastPathComponent) is shorter than a PNG header")
    try #require(Array(bytes[0..<8]) == signature, "\(url.lastPathComponent) is not a PNG")
    try #require(Array(bytes[12..<16]) == Array("IHDR".utf8), "\(url.lastPathComponent) does not start with IHDR")
    // Bytes 16-19 and 20-23: width and height, big-endian.
    func bigEndian(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return Size(width: bigEndian(at: 16), height: bigEndian(at: 20))
  }
}
