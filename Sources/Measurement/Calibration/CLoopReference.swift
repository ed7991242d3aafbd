import CCalibrationLoop
import DeflateBenchCodecs

/// The C reference loops, the only Swift file that imports CCalibrationLoop. Each call hands the
/// C side the same input views and output slots the Swift path uses.
enum CLoopReference {
  /// Backends with a C loop, by name.
  static let backendNames = ["zlib", "libdeflate", "isal"]

  /// Runs the C loop for `backend` over every payload, `iterations` times, and returns its
  /// nanoseconds, or nil for a backend without a loop or a failure the loop reported.
  static func time(
    backend: String, level: Int, container: Container, inputs: InputArena, outputs: OutputArena, iterations: Int
  ) -> Double? {
    guard let cContainer = cal(container) else { return nil }
    let count = inputs.views.count
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
      inputPointers[index] = inputs.views[index].baseAddress
      inputSizes[index] = inputs.views[index].count
      outputPointers[index] = outputs.slots[index].baseAddress
      capacities[index] = outputs.slots[index].count
    }
    var batch = cal_batch(
      inputs: UnsafePointer(inputPointers.baseAddress), input_sizes: UnsafePointer(inputSizes.baseAddress),
      outputs: UnsafePointer(outputPointers.baseAddress), output_capacities: UnsafePointer(capacities.baseAddress),
      out_sizes: outputs.lengths.baseAddress, count: count)
    let nanoseconds: Double
    switch backend {
    case "zlib": nanoseconds = cal_zlib_loop(&batch, Int32(level), cContainer, Int32(iterations))
    case "libdeflate": nanoseconds = cal_libdeflate_loop(&batch, Int32(level), cContainer, Int32(iterations))
    case "isal": nanoseconds = cal_isal_loop(&batch, Int32(level), cContainer, Int32(iterations))
    default: return nil
    }
    return nanoseconds >= 0 ? nanoseconds : nil
  }

  private static func cal(_ container: Container) -> cal_container? {
    switch container {
    case .gzip: CAL_CONTAINER_GZIP
    case .zlib: CAL_CONTAINER_ZLIB
    case .raw: CAL_CONTAINER_RAW
    default: nil
    }
  }
}
