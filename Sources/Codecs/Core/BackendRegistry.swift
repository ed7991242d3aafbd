import DeflateBenchSupport

/// Every backend the harness knows, in the order reports list them.
public enum BackendRegistry {
  /// Every backend declared under Sources/Codecs/Backends/<Folder>/, in report order: DEFLATE
  /// backends first (a backend is one when it writes a DEFLATE container), within each group by
  /// the backend's own `listingOrder`, then by name. No file lists them: the BackendList build
  /// plugin (Plugins/BackendList) generates `declared` from the folders, one backend each, and
  /// `deflate-bench backends` prints this order.
  public static let all: [any CompressionBackend] = declared.sorted { reportOrder($0) < reportOrder($1) }

  /// The sort key of `all`: group (0 for DEFLATE), rank, name.
  static func reportOrder(_ backend: any CompressionBackend) -> (Int, Int, String) {
    (backend.containers.contains(where: \.isDeflate) ? 0 : 1, backend.listingOrder, backend.name)
  }

  /// Each registered backend's verifier, by the backend's name, resolved once when the registry
  /// is first used (zlib-ng's functable: every entry chosen and checked when the table is
  /// filled, not when a call first needs it). A declared verifier that is not registered is a
  /// programming error, stopped there, naming both; `BackendRegistryTests` holds none is.
  static let verifiers: [String: any CompressionBackend] = resolveVerifiers(of: all)

  static func resolveVerifiers(of backends: [any CompressionBackend]) -> [String: any CompressionBackend] {
    var table: [String: any CompressionBackend] = [:]
    for backend in backends {
      switch backend.verifier {
      case .selfOnly:
        table[backend.name] = backend
      case .backend(let name):
        guard let decoder = backends.first(where: { $0.name == name }) else {
          preconditionFailure("\(backend.name) declares verifier \(name), which is not registered")
        }
        table[backend.name] = decoder
      }
    }
    return table
  }

  /// The backend whose decoder verifies a registered backend's output, as it declares it; nil
  /// for a backend the registry does not hold.
  public static func verifier(of backend: any CompressionBackend) -> (any CompressionBackend)? {
    verifiers[backend.name]
  }

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
