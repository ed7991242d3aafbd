import DeflateBenchCodecs
import Foundation

/// A broken encoder on demand, for proving that a run verifies every real backend's output
/// (`RunVerificationTests`): with `DEFLATEBENCH_INJECT_CORRUPTION=BACKEND` in the environment,
/// every output of BACKEND's compressor in the run's cells has its middle byte inverted after
/// the library wrote it, so the stream no longer decodes to its input. The run must then fail
/// that cell with the verifier's words and exit 1. Like `InjectedExtraWork`, it cannot pass for
/// a real run: results.json carries `context.test_hook` and the run warns.
struct InjectedCorruption: EnvironmentTestHook, Equatable {
  static let variable = "DEFLATEBENCH_INJECT_CORRUPTION"

  let backend: String

  static let current: InjectedCorruption? = parse(ProcessInfo.processInfo.environment[variable])

  /// A backend name; nil for nothing or an empty value.
  static func parse(_ text: String?) -> InjectedCorruption? {
    guard let text, !text.isEmpty else { return nil }
    return InjectedCorruption(backend: text)
  }

  var value: String { backend }
  var effect: String { "every \(backend) output is corrupted after compression" }
  static let purpose = "a test of the run's verification"

  /// `compressor`, wrapped when it belongs to the corrupted backend.
  static func wrap(_ compressor: any Compressor, backend: String) -> any Compressor {
    guard let current, current.backend == backend else { return compressor }
    return CorruptedCompressor(base: compressor)
  }
}

/// A real library's compressor whose every output has its middle byte inverted: past the
/// container's header, and never the padding bits of a final byte that a decoder ignores.
final class CorruptedCompressor: Compressor {
  private let base: any Compressor

  init(base: any Compressor) { self.base = base }

  func compressBound(_ inputCount: Int) -> Int { base.compressBound(inputCount) }

  var peakMemoryBytes: Int? { base.peakMemoryBytes }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError) -> Int {
    let written = try base.compress(input, into: output)
    if written > 0 { output[written / 2] ^= 0xFF }
    return written
  }
}
