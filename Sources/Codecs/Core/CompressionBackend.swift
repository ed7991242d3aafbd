import DeflateBenchSupport

/// A compression library as the harness sees it. Implementations are small value types; the
/// state a library needs lives in the compressors and decompressors they make.
public protocol CompressionBackend: Sendable {
  /// The short name used on the command line and in reports: `zlib`, `libdeflate`, `isal`, ...
  var name: String { get }
  /// The library's version as it reports it at run time (or as compiled in, where it has no call).
  var version: String { get }
  /// Every level the backend supports, ascending. `all` on the command line means this list.
  var levels: [Int] { get }
  /// The level the library uses when a caller does not choose one.
  var defaultLevel: Int { get }
  /// The containers the backend can write, first the one it writes by default.
  var containers: [Container] { get }
  /// The largest input the backend accepts, or nil when it has no limit.
  var maxInputBytes: Int? { get }
  /// Which implementation decodes this backend's output when a run verifies it. It must be a
  /// different library where one exists, so an encoder bug cannot hide behind its own decoder.
  var verifier: VerifierChoice { get }
  /// The levels of the default suite (`--levels standard`), ascending; every level unless the
  /// backend declares fewer (see `BackendFacts.swift` for the defaults of these facts).
  var standardLevels: [Int] { get }
  /// Whether a run without `--backends` measures this backend.
  var inDefaultSuite: Bool { get }
  /// Where reports list this backend within its group (DEFLATE backends first, then the others),
  /// lowest first; backends with the same rank list by name (`BackendRegistry.all`).
  var listingOrder: Int { get }
  /// The C reference loop `calibrate` times this backend against, if it has one.
  var calibrationLoop: CalibrationLoop? { get }
  /// One function exported by each shared library this backend's compressor runs in, as dlsym
  /// names it: a cold call flushes the code and static tables of the libraries that define them
  /// from the CPU caches, whatever the size of the caches (`CacheEvictor`).
  var compressorLibrarySymbols: [String] { get }
  /// The code path the library takes at `level` on a CPU with `cpu`'s features, when its output
  /// depends on that path (ISA-L level 3); nil when every path writes the same bytes. Runs record
  /// it per cell, and `compare` gates sizes exactly only between cells of the same path.
  func codePath(level: Int, cpu: CPUFeatures) -> String?

  /// Makes the compressor `makeCompressor` hands out; level and container were already validated.
  func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor
  /// Makes the decompressor `makeDecompressor` hands out; the container was already validated.
  func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor
  /// A decoder of this backend's library that is fed its input in pieces and hands on its output
  /// as it goes (`decompress` streams through it), or nil when the library decodes whole buffers
  /// only or the container needs something it lacks (a dictionary).
  func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
}

/// A reusable compressor that owns its library context. Not thread-safe: one per thread.
public protocol Compressor: AnyObject {
  /// The largest output `compress` can produce for an input of this many bytes, from the
  /// library's own bound function.
  func compressBound(_ inputCount: Int) -> Int
  /// Compresses all of `input` into the start of `output` and returns the bytes written.
  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(CodecError) -> Int
  /// Peak bytes the library allocated for this compressor, counted through its allocator hook,
  /// or nil when the library offers no hook.
  var peakMemoryBytes: Int? { get }
}

/// A reusable decompressor that owns its library context. Not thread-safe: one per thread.
public protocol Decompressor: AnyObject {
  /// Decompresses all of `input` into `output` and returns the bytes written. The output must
  /// be large enough; a stream that would write past it fails with `.outputTooSmall`.
  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(CodecError) -> Int
}

extension CompressionBackend {
  /// Makes a compressor whose library context is created now and reused on every call, after
  /// checking the level and container before any library call.
  public func makeCompressor(level: Int, container: Container) throws(CodecError) -> any Compressor {
    try validate(level: level)
    try validate(container: container)
    return try makeCompressorUnchecked(level: level, container: container)
  }

  /// Makes a reusable decompressor for a container this backend can read, after checking it.
  public func makeDecompressor(container: Container) throws(CodecError) -> any Decompressor {
    try validate(container: container)
    return try makeDecompressorUnchecked(container: container)
  }

  /// Checks a level against the supported list before any library call.
  public func validate(level: Int) throws(CodecError) {
    guard levels.contains(level) else {
      throw .unsupportedLevel(backend: name, level: level, supported: levels)
    }
  }

  /// Checks that the backend writes a container before any library call.
  public func validate(container: Container) throws(CodecError) {
    guard containers.contains(container) else {
      throw .unsupportedContainer(backend: name, container: container, supported: containers)
    }
  }
}
