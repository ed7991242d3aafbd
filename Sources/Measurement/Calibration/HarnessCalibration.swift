import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchModel
import DeflateBenchSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a calibration could not be made.
public enum CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The backend has no C reference loop (only zlib, libdeflate and isal do).
  case noReferenceLoop(backend: String, available: [String])
  /// The Swift path failed in the codec layer.
  case codec(CodecError)
  /// The C loop reported a failure (a negative result).
  case referenceFailed(backend: String)
  /// The C loop wrote different bytes than the Swift path: it is not doing the same work, so the
  /// comparison would mean nothing.
  case outputsDiffer(backend: String, payload: Int)

  public var description: String {
    switch self {
    case .noReferenceLoop(let backend, let available):
      "\(backend) has no C reference loop; calibrate measures \(available.joined(separator: ", "))"
    case .codec(let error): error.description
    case .referenceFailed(let backend): "the C reference loop for \(backend) failed"
    case .outputsDiffer(let backend, let payload):
      "the C loop for \(backend) wrote different bytes than the Swift path for payload \(payload + 1)"
    }
  }
}

/// One backend and payload set timed through the harness and through the C loop.
public struct CalibrationMeasurement: Sendable, Equatable {
  public let backend: String
  public let level: Int
  public let container: Container
  public let payloadSet: String
  public let payloads: Int
  public let inputBytes: Int
  /// Passes over the payload set per timing, the same for both paths.
  public let passesPerTiming: Int
  /// Swift time divided by C time, one per round: 1.0 is no overhead, 1.02 is 2 % slower.
  public let ratios: [Double]
  public let swiftMBps: [Double]
  public let cMBps: [Double]

  /// The median ratio and how far the rounds spread around it.
  public var ratio: SampleSummary? { SampleSummary(ratios, bootstrap: nil) }
}

/// Times the same compression of the same buffers through the harness's own timing loop (the
/// code path every `run` sample takes) and through a C loop calling the same library with the
/// same settings, interleaved round by round, so the ratio shows what the harness adds.
public struct HarnessCalibrator {
  /// The backends `calibrate` can time against a C loop: those that declare one.
  public static var backendNames: [String] { CLoopReference.backendNames }

  public let minTimeSeconds: Double
  public let rounds: Int
  private let clock: any MeasurementClock

  /// `calibrate`'s defaults, which its help states.
  public static let defaultMinTimeSeconds = 0.05
  public static let defaultRounds = 21

  /// - Parameters:
  ///   - minTimeSeconds: the shortest a timing may last; the batch is calibrated once on the
  ///     Swift path and used for both.
  ///   - rounds: how many Swift/C pairs to time.
  public init(
    minTimeSeconds: Double = defaultMinTimeSeconds, rounds: Int = defaultRounds,
    clock: any MeasurementClock = SystemClock()
  ) {
    self.minTimeSeconds = minTimeSeconds
    self.rounds = max(1, rounds)
    self.clock = clock
  }

  public func measure(
    backend: any CompressionBackend, level: Int, container: Container, payloadSet: PayloadSet
  ) throws(CalibrationError) -> CalibrationMeasurement {
    guard backend.calibrationLoop != nil else {
      throw .noReferenceLoop(backend: backend.name, available: Self.backendNames)
    }
    let inputs = InputArena(payloadSet)
    let compressor: any Compressor
    do throws(CodecError) {
      compressor = try backend.makeCompressor(level: level, container: container)
    } catch {
      throw .codec(error)
    }
    let capacities = inputs.sizes.map { compressor.compressBound($0) }
    let swiftOutputs = OutputArena(capacities: capacities)
    let cOutputs = OutputArena(capacities: capacities)
    let work = CompressPass(compressor: compressor, inputs: inputs.views, outputs: swiftOutputs)

    let passes: Int
    do throws(CodecError) {
      // The first pass warms the Swift side; the C side warms up in its own first round below.
      _ = try TimingLoop.measure(work, passes: 1, clock: clock)
      passes = try TimingLoop.calibrate(
        minNanoseconds: UInt64(minTimeSeconds * 1e9), maxPasses: 10_000_000
      ) { passes throws(CodecError) in
        try TimingLoop.measure(work, passes: passes, clock: clock).wallNanoseconds
      }
    } catch {
      throw .codec(error)
    }
    // One untimed C pass, then a check that it does the same work: identical bytes out.
    guard cTime(backend, level, container, inputs, cOutputs, iterations: 1) != nil else {
      throw .referenceFailed(backend: backend.name)
    }
    if let payload = Self.firstDifference(swiftOutputs, cOutputs) {
      throw .outputsDiffer(backend: backend.name, payload: payload)
    }

    var ratios: [Double] = []
    var swiftSpeeds: [Double] = []
    var cSpeeds: [Double] = []
    let bytes = Double(inputs.totalBytes) * Double(passes)
    for round in 0..<rounds {
      // ABAB... with the order flipped every round, so neither side always runs right after the
      // other has warmed (or evicted) the caches.
      var swiftNanoseconds = 0.0
      var cNanoseconds = 0.0
      for swiftFirst in [round % 2 == 0, round % 2 != 0] {
        if swiftFirst {
          do throws(CodecError) {
            swiftNanoseconds = Double(try TimingLoop.measure(work, passes: passes, clock: clock).wallNanoseconds)
          } catch {
            throw .codec(error)
          }
        } else {
          guard let nanoseconds = cTime(backend, level, container, inputs, cOutputs, iterations: passes) else {
            throw .referenceFailed(backend: backend.name)
          }
          cNanoseconds = nanoseconds
        }
      }
      ratios.append(swiftNanoseconds / max(cNanoseconds, 1))
      swiftSpeeds.append(bytes * 1e3 / max(swiftNanoseconds, 1))
      cSpeeds.append(bytes * 1e3 / max(cNanoseconds, 1))
    }
    return CalibrationMeasurement(
      backend: backend.name, level: level, container: container, payloadSet: payloadSet.label,
      payloads: payloadSet.payloads.count, inputBytes: inputs.totalBytes, passesPerTiming: passes, ratios: ratios,
      swiftMBps: swiftSpeeds, cMBps: cSpeeds)
  }

  private func cTime(
    _ backend: any CompressionBackend, _ level: Int, _ container: Container, _ inputs: InputArena,
    _ outputs: OutputArena, iterations: Int
  ) -> Double? {
    guard let loop = backend.calibrationLoop else { return nil }
    return CLoopReference.time(
      loop, level: level, container: container, inputs: UnsafeBufferPointer(inputs.views),
      outputs: UnsafeBufferPointer(outputs.slots), lengths: outputs.lengths.baseAddress!, iterations: iterations)
  }

  /// The first payload whose two outputs differ in length or bytes, or nil.
  static func firstDifference(_ a: OutputArena, _ b: OutputArena) -> Int? {
    for index in a.slots.indices {
      let length = a.lengths[index]
      guard length == b.lengths[index] else { return index }
      if length > 0, memcmp(a.slots[index].baseAddress!, b.slots[index].baseAddress!, length) != 0 { return index }
    }
    return nil
  }
}
