import CCalibrationLoop
import DeflateBenchSupport

/// The C reference loops (Sources/CCalibrationLoop), the only Swift file that imports them. Each
/// call hands the C side the same input views and output slots the Swift path uses; a backend
/// names its loop in `CompressionBackend.calibrationLoop`.
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
    guard let cContainer = cal(container) else { return nil }
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
    let nanoseconds =
      switch loop {
      case .zlib: cal_zlib_loop(&batch, Int32(level), cContainer, Int32(iterations))
      case .libdeflate: cal_libdeflate_loop(&batch, Int32(level), cContainer, Int32(iterations))
      case .isal: cal_isal_loop(&batch, Int32(level), cContainer, Int32(iterations))
      case .zlibNg: cal_zlibng_loop(&batch, Int32(level), cContainer, Int32(iterations))
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
