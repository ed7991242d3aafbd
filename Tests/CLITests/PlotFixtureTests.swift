import DeflateBenchCLI
import DeflateBenchResults
import Foundation
import Testing

/// The plot fixtures are made by a script (Tests/Fixtures/plot-results/make_fixture.py), so this
/// pins them to what the project really reads and writes: `JSONReport` decodes them, every key in
/// them is one `JSONReport.encode` can write, and every key it always writes is there. When the
/// schema changes, this fails until the fixture (and scripts/plotting/results.py) follow.
@Suite("Plot fixtures match the results schema")
struct PlotFixtureTests {
  @Test(arguments: ["plot-results", "plot-results-baseline"])
  func fixtureDecodesWithTheProjectsReader(_ folder: String) throws {
    let url = PlotScript.fixture(folder).appendingPathComponent(JSONReport.fileName)
    let document = try JSONReport.decode(Data(contentsOf: url), path: url.path)
    #expect(document.cells.count > 100)
    #expect(document.cells.contains { $0.upload != nil })
    #expect(document.cells.contains { $0.error != nil })
  }

  @Test(arguments: ["plot-results", "plot-results-baseline"])
  func fixtureHasExactlyTheWritersKeys(_ folder: String) throws {
    let url = PlotScript.fixture(folder).appendingPathComponent(JSONReport.fileName)
    let fixture = PlotKeyPaths.of(try JSONSerialization.jsonObject(with: Data(contentsOf: url)))
    let everyKey = try PlotKeyPaths.encoding(Self.document(withOptionals: true))
    let requiredKeys = try PlotKeyPaths.encoding(Self.document(withOptionals: false))

    #expect(fixture.subtracting(everyKey).sorted() == [], "keys the results writer never writes")
    #expect(requiredKeys.subtracting(fixture).sorted() == [], "keys the results writer always writes")
  }

  /// A document with one of everything, with every optional either set or nil.
  static func document(withOptionals: Bool) -> ResultsDocument {
    var upload = UploadMeasurement(
      link: "LTE", uploadMs: 1, uploadIdentityMs: 2, wireBytes: 3, serverVerified: true,
      modelledMs: withOptionals ? 1 : nil)
    upload.modelledIdentityMs = withOptionals ? 1 : nil
    let cell = CellResult(
      corpus: "c", split: "whole", payloadBytes: 1, payloads: 1, backend: "zlib", version: "1", container: "gzip",
      level: 6, threads: 1, inputBytes: 10, outputBytes: 5, compressSamplesMBps: [1], compressCPUSamplesMBps: [1],
      decompressSamplesMBps: [1], coldSamplesMicroseconds: [1], memoryBytes: withOptionals ? 1 : nil,
      verified: true, verifiedWith: "libdeflate", error: withOptionals ? "e" : nil,
      upload: withOptionals ? upload : nil, coldPayloadBytes: withOptionals ? 1 : nil)
    let context = RunContext(
      date: "d", cpuModel: "cpu", logicalCores: 2, memoryBytes: 1, os: "os", kernel: "k", swiftVersion: "6",
      buildConfiguration: "release", libraryVersions: ["zlib": "1"], commandLine: "run", seed: 1,
      minTimeSeconds: 0.1, repetitions: 3, projectVersion: "v", shard: withOptionals ? "1/2" : nil,
      loadAverage: withOptionals ? 0.1 : nil, governor: withOptionals ? "performance" : nil)
    let model = ModelParameters(
      requestHeadBytes: 250, requestHeadSource: "measured",
      links: [LinkPreset(name: "lte", uplinkBitsPerSecond: 1, rttMilliseconds: 1, source: "s")],
      devices: [DeviceClass(name: "this", compressSlowdown: 1, source: "s", modelled: false)])
    var row = VerdictRow(
      corpus: "c", split: "whole", link: "lte", device: "this", connection: "warm", compress: true, payloadBytes: 1,
      identityMs: 1, savingMs: 1, savingPct: 1)
    row.gzipBackend = "zlib"
    row.gzipLevel = 6
    row.bestBackend = "zlib"
    row.bestLevel = 6
    row.bestContainer = "gzip"
    row.fastestBackend = "zlib"
    row.fastestLevel = 6
    row.fastestContainer = "gzip"
    row.zlib6Ms = 1
    row.gzipMs = 1
    row.bestMs = 1
    row.fastestMs = 1
    row.clientCPUMicrosecondsPerBody = 1
    row.serverDecodeSecondsPerGigabyte = 1
    row.measuredBestMs = 1
    row.measuredIdentityMs = 1
    var document = ResultsDocument(
      complete: true, context: context,
      corpora: [CorpusRecord(name: "c", kind: "file", split: "whole", bytes: 10, payloads: 1, sha256: "0")],
      cells: [cell], warnings: [], model: withOptionals ? model : nil, verdict: withOptionals ? [row] : nil)
    document.backendStyles = withOptionals ? [BackendStyle.of("zlib")] : nil
    return document
  }
}

/// Flattens a JSON value into the set of its key paths (`cells[].upload.link`), so two documents
/// can be compared by shape. Dictionaries whose keys are data, not schema, are not descended into.
enum PlotKeyPaths {
  static let freeFormObjects: Set<String> = ["context.library_versions"]

  static func encoding(_ document: ResultsDocument) throws -> Set<String> {
    of(try JSONSerialization.jsonObject(with: JSONReport.encode(document)))
  }

  static func of(_ value: Any, at path: String = "") -> Set<String> {
    var paths: Set<String> = []
    if let object = value as? [String: Any] {
      for (key, child) in object {
        let childPath = path.isEmpty ? key : "\(path).\(key)"
        paths.insert(childPath)
        if !freeFormObjects.contains(childPath) { paths.formUnion(of(child, at: childPath)) }
      }
    } else if let array = value as? [Any] {
      for element in array { paths.formUnion(of(element, at: "\(path)[]")) }
    }
    return paths
  }
}
