/// Every backend the harness knows, in the order reports list them.
public enum BackendRegistry {
  /// zlib, zlib-ng, libdeflate, isal, zopfli, zstd, brotli.
  public static let all: [any CompressionBackend] = [
    ZlibBackend(), ZlibNgBackend(), LibdeflateBackend(), IsalBackend(), ZopfliBackend(), ZstdBackend(), BrotliBackend(),
  ]

  /// The backends' names, in the order of `all`.
  public static var names: [String] { all.map(\.name) }

  /// The backends that write DEFLATE (gzip / zlib / raw): zlib, zlib-ng, libdeflate, isal, zopfli.
  public static var deflateBackends: [any CompressionBackend] {
    all.filter { $0.containers.contains(where: \.isDeflate) }
  }

  /// The backend with this name (exact, lowercase, as `names` lists it).
  /// - Throws: `.unknownBackend`, listing the known names.
  public static func backend(named name: String) throws(CodecError) -> any CompressionBackend {
    guard let backend = all.first(where: { $0.name == name }) else {
      throw .unknownBackend(name: name, known: names)
    }
    return backend
  }
}
