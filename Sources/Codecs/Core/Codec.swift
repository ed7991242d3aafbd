import DeflateBenchSupport

/// One-call compression and decompression by backend name, for tools and tests. Each call makes
/// a fresh compressor or decompressor; loops should keep one instead.
public enum Codec {
  /// Compresses `bytes` with the named backend.
  /// - Parameters:
  ///   - level: the backend's default level when nil.
  ///   - container: the backend's first (default) container when nil.
  public static func compress(
    _ bytes: [UInt8], backend name: String, level: Int? = nil, container: Container? = nil
  ) throws(CodecError) -> [UInt8] {
    let backend = try BackendRegistry.backend(named: name)
    let compressor = try backend.makeCompressor(
      level: level ?? backend.defaultLevel, container: container ?? backend.containers[0])
    return try compressor.compress(bytes)
  }

  /// Decompresses one stream written by the named backend (or any encoder of that container).
  public static func decompress(
    _ bytes: [UInt8], backend name: String, container: Container? = nil, expectedSize: Int? = nil
  ) throws(CodecError) -> [UInt8] {
    let backend = try BackendRegistry.backend(named: name)
    let decompressor = try backend.makeDecompressor(container: container ?? backend.containers[0])
    return try decompressor.decompress(bytes, expectedSize: expectedSize)
  }
}
