import DeflateBenchSupport

/// Which implementation decodes a backend's output when a run verifies it.
public enum VerifierChoice: Sendable, Equatable {
  /// Another backend's decoder, by its registry name (`zlib`, `libdeflate`, ...).
  case backend(String)
  /// The backend's own decoder; `reason` says why no second implementation checks it.
  case selfOnly(reason: String)

  /// The backend's own decoder, because its format has no second implementation on the machine.
  public static let onlyImplementationInstalled = VerifierChoice.selfOnly(
    reason: "its own decoder: no second implementation is installed")
}

extension CompressionBackend {
  /// Every level by default; a backend with levels out of proportion for a default suite lists
  /// the ones to keep.
  public var standardLevels: [Int] { levels }
  /// In the run's suite when `--backends` is not given, unless the backend says otherwise.
  public var inDefaultSuite: Bool { true }
  /// After the backends that rank themselves, by name.
  public var listingOrder: Int { 100 }
  /// No C reference loop: `calibrate` does not offer the backend.
  public var calibrationLoop: CalibrationLoop? { nil }
  /// Output independent of the CPU, as measured for zlib, libdeflate, zopfli, zstd and brotli:
  /// the same bytes natively, under valgrind and on an emulated CPU without AVX at every level
  /// (docs/code-paths.md).
  public func codePath(level: Int, cpu: CPUFeatures) -> String? { nil }
  public func makeStreamingDecoder(container: Container, limits: StreamingDecodeLimits)
    throws(StreamingDecodeError) -> (any StreamingDecoder)?
  { nil }

  /// The verifier in words, as `backends` and results.json's `verified_with` show it: a backend
  /// name, or this backend's name with the reason it checks itself.
  public var verifierName: String {
    switch verifier {
    case .backend(let name): name
    case .selfOnly(let reason): "\(name) (\(reason))"
    }
  }

  /// The registry name of the backend whose decoder checks this one's output (this one's own
  /// for `.selfOnly`).
  public var verifierBackendName: String {
    switch verifier {
    case .backend(let name): name
    case .selfOnly: name
    }
  }
}
