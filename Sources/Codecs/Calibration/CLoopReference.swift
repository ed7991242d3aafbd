import CCalibrationLoop
import DeflateBenchSupport

/// Runs the C reference loops (each backend's own, handed over as `CompressionBackend.calibrationLoop`).
/// Each call hands the C side the same input views and output slots the Swift path uses.
public enum CLoopReference {
  /// The registered backends with a C loop, by name.
  public static var backendNames: [String] { BackendRegistry.all.filter { $0.calibrationLoop != nil }.map(\.name) }

  /// Runs `loop` over every input, `iterations` times, writing into `outputs` and their lengths
  /// into `lengths`, and returns its nanoseconds, or nil for a container the loop does not write
  /// or a failure the loop reported.
  public static func time(
    _ loop: CalibrationLoop, level: Int, container: Container, inputs: UnsafeBufferPointer<UnsafeRawBufferPointer>,
    outputs: UnsafeBufferPointer<UnsafeMutableRawBufferPointer>, lengths: UnsafeMutablePointer<Int>, iterations: Int
  ) -> Double? {
    let cContainer = cal(container)
    let count = inputs.count
    let inputPointers = UnsafeMutableBufferPointer<UnsafeRawPointer?>.allocate(capacity: count)
    let outputPointers = UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
    let inputSizes = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    let capacities = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    defer {
      inputPointers.deallocate()
      outputPointers.deallocate()
      inputSizes.deallocate()
      capacities.deallocate()
    }
    for index in 0..<count {
      inputPointers[index] = inputs[index].baseAddress
      inputSizes[index] = inputs[index].count
      outputPointers[index] = outputs[index].baseAddress
      capacities[index] = outputs[index].count
    }
    var batch = cal_batch(
      inputs: UnsafePointer(inputPointers.baseAddress), input_sizes: UnsafePointer(inputSizes.baseAddress),
      outputs: UnsafePointer(outputPointers.baseAddress), output_capacities: UnsafePointer(capacities.baseAddress),
      out_sizes: lengths, count: count)
    let nanoseconds = loop.function(&batch, Int32(level), cContainer, Int32(iterations))
    return nanoseconds >= 0 ? nanoseconds : nil
  }

  /// A DEFLATE framing by its number; any other container is the backend's own framing.
  private static func cal(_ container: Container) -> cal_container {
    switch container {
    case .gzip: CAL_CONTAINER_GZIP
    case .zlib: CAL_CONTAINER_ZLIB
    case .raw: CAL_CONTAINER_RAW
    default: CAL_CONTAINER_OWN
    }
  }
}
