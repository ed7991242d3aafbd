import DeflateBenchCodecs
import DeflateBenchSupport

/// A test-only backend that is a real library made slower: it wraps another backend under the
/// same name, version and levels, and at the chosen levels compresses every input twice. The
/// output is the real library's, so sizes and verification are unchanged and only the speed
/// differs: exactly a performance regression, for showing that `compare` catches one in a real run.
struct DoubledWorkBackend: CompressionBackend {
  let wrapped: any CompressionBackend
  /// The levels whose compressor does the work twice; the others are the wrapped library's own.
  let slowedLevels: Set<Int>

  var name: String { wrapped.name }
  var version: String { wrapped.version }
  var levels: [Int] { wrapped.levels }
  var defaultLevel: Int { wrapped.defaultLevel }
  var containers: [Container] { wrapped.containers }
  var maxInputBytes: Int? { wrapped.maxInputBytes }
  var verifier: VerifierChoice { wrapped.verifier }
  var compressorLibrarySymbols: [String] { wrapped.compressorLibrarySymbols }

  func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    let compressor = try wrapped.makeCompressor(level: level, container: container)
    return slowedLevels.contains(level) ? DoubledCompressor(compressor) : compressor
  }

  func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    try wrapped.makeDecompressor(container: container)
  }
}

/// Compresses each input twice into the same output buffer and reports the second result.
final class DoubledCompressor: Compressor {
  private let wrapped: any Compressor

  init(_ wrapped: any Compressor) {
    self.wrapped = wrapped
  }

  func compressBound(_ inputCount: Int) -> Int { wrapped.compressBound(inputCount) }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    _ = try wrapped.compress(input, into: output)
    return try wrapped.compress(input, into: output)
  }

  var peakMemoryBytes: Int? { wrapped.peakMemoryBytes }
}
