import DeflateBenchModel
import DeflateBenchResults
import DeflateBenchSupport
import Foundation

// Synthetic but plausible results documents for tests of reports, regression checks and plots.
// Figures follow simple laws (speed falls and ratio rises with the level; threads scale at 90 %
// per added thread; samples scatter by about ±1 %), so a test can reason about which cell should
// win a pick. Tests/Fixtures/results-small is `makeFixtureDocument()` written by the reports
// writer; regenerate it with `scripts/test-opt-in.sh regenerate-fixtures`.

/// A corpus payload set in a fixture document.
public struct FixtureCorpus: Sendable {
  public var name: String
  public var kind: String
  public var split: String
  public var payloadBytes: Int
  public var payloads: Int
  /// The ratio a middling setting reaches on it; backends scale it by their own factors.
  public var baseRatio: Double

  public init(name: String, kind: String, split: String, payloadBytes: Int, payloads: Int, baseRatio: Double) {
    self.name = name
    self.kind = kind
    self.split = split
    self.payloadBytes = payloadBytes
    self.payloads = payloads
    self.baseRatio = baseRatio
  }

  /// JSON event batches that compress well, and a text file that compresses less.
  public static let standard: [FixtureCorpus] = [
    FixtureCorpus(
      name: "events", kind: "json-events", split: "events=50", payloadBytes: 12_000, payloads: 20, baseRatio: 5),
    FixtureCorpus(name: "alice", kind: "file", split: "whole", payloadBytes: 152_089, payloads: 1, baseRatio: 2.6),
  ]
}

/// A backend in a fixture document: its levels, and how speed and ratio move across them.
public struct FixtureBackend: Sendable {
  public var name: String
  public var version: String
  public var container: String
  /// Ascending.
  public var levels: [Int]
  /// Median compression speed at the lowest and the highest level, MB/s (geometric in between).
  public var fastestMBps: Double
  public var slowestMBps: Double
  /// Multipliers of the corpus's base ratio at the lowest and highest level (linear in between).
  public var lowRatioFactor: Double
  public var highRatioFactor: Double
  /// Peak allocation of one compressor; nil like a library without an allocator hook.
  public var memoryBytes: Int?

  public init(
    name: String, version: String, container: String, levels: [Int], fastestMBps: Double, slowestMBps: Double,
    lowRatioFactor: Double, highRatioFactor: Double, memoryBytes: Int?
  ) {
    self.name = name
    self.version = version
    self.container = container
    self.levels = levels
    self.fastestMBps = fastestMBps
    self.slowestMBps = slowestMBps
    self.lowRatioFactor = lowRatioFactor
    self.highRatioFactor = highRatioFactor
    self.memoryBytes = memoryBytes
  }

  public static let standard: [FixtureBackend] = [
    FixtureBackend(
      name: "zlib", version: "1.3", container: "gzip", levels: [1, 6, 9], fastestMBps: 80, slowestMBps: 12,
      lowRatioFactor: 0.85, highRatioFactor: 1.0, memoryBytes: 268_512),
    FixtureBackend(
      name: "libdeflate", version: "1.19", container: "gzip", levels: [1, 6, 12], fastestMBps: 300, slowestMBps: 8,
      lowRatioFactor: 0.88, highRatioFactor: 1.06, memoryBytes: 1_124_320),
    FixtureBackend(
      name: "zstd", version: "1.5.5", container: "zstd", levels: [1, 3, 19], fastestMBps: 250, slowestMBps: 3,
      lowRatioFactor: 0.95, highRatioFactor: 1.3, memoryBytes: nil),
  ]
}

/// A run context with every field filled, including the optional ones.
public func makeFixtureContext(seed: UInt64 = 42, repetitions: Int = 5) -> RunContext {
  RunContext(
    date: "2025-01-15T09:30:00Z", cpuModel: "Fixture CPU @ 3.00GHz", logicalCores: 2, memoryBytes: 8_589_934_592,
    os: "Debian GNU/Linux 12", kernel: "6.1.0-fixture", swiftVersion: "6.0.3", buildConfiguration: "release",
    libraryVersions: ["libdeflate": "1.19", "zlib": "1.3", "zstd": "1.5.5"],
    commandLine: "deflate-bench run --quick --seed \(seed)", seed: seed, minTimeSeconds: 0.05,
    repetitions: repetitions, projectVersion: "v0.1.0-fixture", shard: nil, loadAverage: 0.12,
    governor: "performance")
}

/// One cell with sensible defaults; tests override what they reason about. The CPU speeds
/// default to the wall-clock ones.
public func makeFixtureCell(
  corpus: String = "events", split: String = "whole", payloadBytes: Int? = nil, payloads: Int = 1,
  backend: String = "zlib", version: String = "1.3", container: String = "gzip", level: Int = 6, threads: Int = 1,
  inputBytes: Int = 100_000, outputBytes: Int = 25_000, compressMBps: [Double] = [100, 101, 99, 100.5, 99.5],
  compressCPUMBps: [Double]? = nil, decompressMBps: [Double] = [400, 401, 399],
  coldMicroseconds: [Double] = [50, 52, 51],
  memoryBytes: Int? = 268_512, verified: Bool = true, verifiedWith: String = "libdeflate", error: String? = nil,
  upload: UploadMeasurement? = nil, coldPayloadBytes: Int? = nil, warmCallMicroseconds: [Double]? = nil
) -> CellResult {
  CellResult(
    corpus: corpus, split: split, payloadBytes: payloadBytes ?? inputBytes / max(payloads, 1), payloads: payloads,
    backend: backend, version: version, container: container, level: level, threads: threads,
    inputBytes: inputBytes, outputBytes: outputBytes, compressSamplesMBps: compressMBps,
    compressCPUSamplesMBps: compressCPUMBps ?? compressMBps, decompressSamplesMBps: decompressMBps,
    coldSamplesMicroseconds: coldMicroseconds, memoryBytes: memoryBytes, verified: verified,
    verifiedWith: verifiedWith, error: error, upload: upload, coldPayloadBytes: coldPayloadBytes,
    warmCallSamplesMicroseconds: warmCallMicroseconds,
    // As a run writes it: the class of the cold extra, from the paired samples.
    coldExtra: warmCallMicroseconds.flatMap { ColdExtra(cold: coldMicroseconds, warm: $0) })
}

/// A whole document: every corpus x backend x level x thread count, with upload measurements on
/// the single-thread cells of the first corpus when `uploadLink` is set.
public func makeFixtureDocument(
  corpora: [FixtureCorpus] = FixtureCorpus.standard, backends: [FixtureBackend] = FixtureBackend.standard,
  threads: [Int] = [1, 2], repetitions: Int = 5, uploadLink: String? = "lte", complete: Bool = true,
  warnings: [String] = [], seed: UInt64 = 42
) -> ResultsDocument {
  var generator = Xoshiro256StarStar(seed: seed)
  var cells: [CellResult] = []
  for (corpusIndex, corpus) in corpora.enumerated() {
    let inputBytes = corpus.payloadBytes * corpus.payloads
    for backend in backends {
      for (levelIndex, level) in backend.levels.enumerated() {
        let position = backend.levels.count > 1 ? Double(levelIndex) / Double(backend.levels.count - 1) : 0
        let ratio =
          corpus.baseRatio
          * (backend.lowRatioFactor + (backend.highRatioFactor - backend.lowRatioFactor) * position)
        let outputBytes = Int((Double(inputBytes) / ratio).rounded())
        let singleSpeed = backend.fastestMBps * pow(backend.slowestMBps / backend.fastestMBps, position)
        for threadCount in threads {
          let speed = singleSpeed * Double(threadCount) * pow(0.9, Double(threadCount - 1))
          let samples = { (median: Double) in
            (0..<repetitions).map { _ in median * (1 + 0.02 * (Double(generator.next() % 1000) / 1000 - 0.5)) }
          }
          let upload = (corpusIndex == 0 && threadCount == 1 ? uploadLink : nil).map { link in
            fixtureUpload(link: link, inputBytes: inputBytes, outputBytes: outputBytes, payloads: corpus.payloads)
          }
          cells.append(
            makeFixtureCell(
              corpus: corpus.name, split: corpus.split, payloadBytes: corpus.payloadBytes, payloads: corpus.payloads,
              backend: backend.name, version: backend.version, container: backend.container, level: level,
              threads: threadCount, inputBytes: inputBytes, outputBytes: outputBytes, compressMBps: samples(speed),
              compressCPUMBps: samples(speed / Double(threadCount) * 1.02), decompressMBps: samples(speed * 3 + 300),
              coldMicroseconds: samples(20 + Double(corpus.payloadBytes) / singleSpeed),
              memoryBytes: backend.memoryBytes, verified: true,
              verifiedWith: backend.container == "gzip" ? "zlib" : backend.name, upload: upload,
              coldPayloadBytes: corpus.payloadBytes,
              // Without the generator, so every other figure of the fixture stays where it was.
              warmCallMicroseconds: Array(
                repeating: 0.97 * Double(corpus.payloadBytes) / singleSpeed, count: repetitions)))
        }
      }
    }
  }
  let records = corpora.map { corpus in
    CorpusRecord(
      name: corpus.name, kind: corpus.kind, split: corpus.split, bytes: corpus.payloadBytes * corpus.payloads,
      payloads: corpus.payloads, sha256: String(repeating: String(corpus.name.count % 10), count: 64))
  }
  return ResultsDocument(
    complete: complete, context: makeFixtureContext(seed: seed, repetitions: repetitions), corpora: records,
    cells: cells, warnings: warnings)
}

/// Uploads over a 10 Mbit/s link with 50 ms round trips, measured a little slower than modelled.
private func fixtureUpload(link: String, inputBytes: Int, outputBytes: Int, payloads: Int) -> UploadMeasurement {
  let bitsPerMs = 10_000.0
  let roundTrips = 50.0 * Double(payloads)
  let modelled = Double(outputBytes * 8) / bitsPerMs + roundTrips
  return UploadMeasurement(
    link: link, uploadMs: modelled * 1.04, uploadIdentityMs: (Double(inputBytes * 8) / bitsPerMs + roundTrips) * 1.02,
    wireBytes: outputBytes, serverVerified: true, modelledMs: modelled)
}
