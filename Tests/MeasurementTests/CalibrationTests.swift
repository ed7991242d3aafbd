import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchSupport
import Testing

@testable import DeflateBenchMeasurement

/// The C reference loops do the same work as the harness's Swift path (the calibrator refuses to
/// compare otherwise), for every backend with a loop and every container it writes.
@Suite("Calibration against the C loops")
struct CalibrationTests {
  static let text: [UInt8] = {
    var text = ""
    var index = 0
    while text.utf8.count < 40_000 {
      text += "{\"event\":\"page_view\",\"user\":\(index * 7_919 % 10_007),\"path\":\"/items/\(index % 97)\"}\n"
      index += 1
    }
    return Array(text.utf8)
  }()

  /// Every backend that declares a loop, in every container it writes.
  static let cases: [(String, Container)] = BackendRegistry.all.filter { $0.calibrationLoop != nil }.flatMap {
    backend in
    backend.containers.map { (backend.name, $0) }
  }

  @Test("the C loop writes byte-identical output and every round yields a ratio", arguments: cases)
  func cLoopMatchesSwiftPath(backend name: String, container: Container) throws {
    let backend = try BackendRegistry.backend(named: name)
    let payloads = [Array(Self.text.prefix(20_000)), Array(Self.text.dropFirst(20_000).prefix(300)), []]
    let set = PayloadSet(corpus: "calibration", kind: "test", split: "mixed", payloads: payloads, sha256: "")
    let measurement = try HarnessCalibrator(minTimeSeconds: 0.000_5, rounds: 3)
      .measure(backend: backend, level: backend.defaultLevel, container: container, payloadSet: set)
    #expect(measurement.ratios.count == 3)
    #expect(measurement.ratios.allSatisfy { $0 > 0 && $0.isFinite })
    #expect(measurement.swiftMBps.allSatisfy { $0 > 0 } && measurement.cMBps.allSatisfy { $0 > 0 })
    #expect(measurement.inputBytes == 20_300)
    #expect(measurement.passesPerTiming >= 1)
  }

  @Test("a backend without a C loop is refused by name")
  func noLoopForZstd() throws {
    let zstd = try BackendRegistry.backend(named: "zstd")
    let set = PayloadSet(corpus: "c", kind: "test", split: "whole", payloads: [Self.text], sha256: "")
    #expect(
      throws: CalibrationError.noReferenceLoop(backend: "zstd", available: HarnessCalibrator.backendNames)
    ) {
      try HarnessCalibrator(minTimeSeconds: 0.000_5, rounds: 1)
        .measure(backend: zstd, level: 3, container: .zstd, payloadSet: set)
    }
  }

  @Test("outputs that differ anywhere are found, payload by payload")
  func firstDifference() {
    let a = OutputArena(capacities: [8, 8])
    let b = OutputArena(capacities: [8, 8])
    for arena in [a, b] {
      arena.lengths[0] = 4
      arena.lengths[1] = 4
    }
    #expect(HarnessCalibrator.firstDifference(a, b) == nil)
    b.slots[1][2] = 0x42
    #expect(HarnessCalibrator.firstDifference(a, b) == 1)
    b.lengths[0] = 3
    #expect(HarnessCalibrator.firstDifference(a, b) == 0)
  }
}
