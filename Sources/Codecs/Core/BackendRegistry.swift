import DeflateBenchSupport

/// Every backend the harness knows, in the order reports list them.
public enum BackendRegistry {
  /// The one list a new backend is added to (`deflate-bench backends` prints it): DEFLATE
  /// backends first, reference codecs after them.
  public static let all: [any CompressionBackend] = [
    ZlibBackend(), ZlibNgBackend(), LibdeflateBackend(), IsalBackend(), ZopfliBackend(), ZstdBackend(), BrotliBackend(),
  ]

  /// The backends' names, in the order of `all`.
  public static var names: [String] { all.map(\.name) }

  /// The backends that write DEFLATE (gzip / zlib / raw).
  public static var deflateBackends: [any CompressionBackend] {
    all.filter { $0.containers.contains(where: \.isDeflate) }
  }

  /// Every container a registered backend writes, with or without a dictionary, in the order of
  /// `all` and each backend's lists.
  public static var containers: [Container] {
    var seen: [Container] = []
    let written = all.flatMap {
      $0.containers + (($0 as? any DictionaryCompressionBackend)?.dictionaryContainers ?? [])
    }
    for container in written where !seen.contains(container) { seen.append(container) }
    return seen
  }

  /// The container with this name among `containers`, or nil.
  public static func container(named name: String) -> Container? {
    containers.first { $0.rawValue == name }
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
