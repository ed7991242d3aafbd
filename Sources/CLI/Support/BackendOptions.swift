import DeflateBenchCodecs
import DeflateBenchCorpora
import DeflateBenchSupport

/// Resolving `--backend`, `--level` and `--container` into codec values, with usage errors
/// that say what is allowed.
enum BackendOptions {
  /// What compress and decompress code with: `--backend` bound to `--dictionary` when one is
  /// given, and `--container` checked against it.
  /// - Parameter reading: true for decompress, whose messages say which containers the backend
  ///   reads rather than writes.
  static func backendAndContainer(_ arguments: ParsedArguments, reading: Bool = false) throws(CLIError)
    -> (backend: any CompressionBackend, container: Container)
  {
    let backend = try applyingDictionary(arguments, to: backend(arguments))
    return (backend, try container(arguments, backend: backend, reading: reading))
  }

  static func backend(_ arguments: ParsedArguments) throws(CLIError) -> any CompressionBackend {
    guard let name = arguments.string("backend") else {
      throw .usage("--backend is required; known backends: \(knownNames)")
    }
    do throws(CodecError) {
      return try BackendRegistry.backend(named: name)
    } catch {
      throw .usage(error.description)
    }
  }

  /// The container to use: the option's value, or the backend's first (native) container.
  static func container(_ arguments: ParsedArguments, backend: any CompressionBackend, reading: Bool = false)
    throws(CLIError) -> Container
  {
    guard let text = arguments.string("container") else { return backend.containers[0] }
    guard let container = BackendRegistry.container(named: text) else {
      let names = BackendRegistry.containers.map(\.rawValue).joined(separator: ", ")
      throw .usage("unknown container '\(text)'; containers are \(names)")
    }
    do throws(CodecError) {
      try backend.validate(container: container)
    } catch {
      guard reading, case .unsupportedContainer(let name, _, let supported) = error else {
        throw .usage(error.description)
      }
      let names = supported.map(\.rawValue).joined(separator: ", ")
      throw .usage("\(name) cannot read the \(container.rawValue) container; it reads \(names)")
    }
    return container
  }

  static func level(_ arguments: ParsedArguments, backend: any CompressionBackend) throws(CLIError) -> Int {
    guard let level = try arguments.int("level") else { return backend.defaultLevel }
    do throws(CodecError) {
      try backend.validate(level: level)
    } catch {
      throw .usage(error.description)
    }
    return level
  }

  /// The backend bound to `--dictionary FILE` when the option is given, else `backend` itself.
  static func applyingDictionary(_ arguments: ParsedArguments, to backend: any CompressionBackend)
    throws(CLIError) -> any CompressionBackend
  {
    guard let path = arguments.string("dictionary") else { return backend }
    let dictionary = try CLIError.corpora { () throws(CorpusError) in try DictionaryFiles.load(path) }
    do throws(CodecError) {
      return try DictionaryBackend(backend, dictionary: dictionary)
    } catch {
      throw CLIError(dictionary: error)
    }
  }

  /// The `--dictionary` option of compress (`reading` false) and decompress.
  static func dictionaryOption(reading: Bool) -> OptionSpec {
    let verb = reading ? "read" : "write"
    let use = reading ? "Decode with this dictionary, the one the body was compressed with" : "Use this dictionary"
    return .value(
      "dictionary", "file",
      help:
        "\(use) (from dict train, or raw bytes): zstd \(verb)s dcz (default) or zstd, the DEFLATE backends \(verb) zlib (default) or raw with its DEFLATE preset. Backends with a dictionary API: \(RegistryText.list(RegistryText.withDictionaries, "and")); \(RegistryText.list(RegistryText.withoutDictionaries, "and")) have none."
    )
  }

  static var knownNames: String { RegistryText.backends().joined(separator: ", ") }

  /// `--backend` of the commands that code one body, listing every registered backend.
  static let backendOption = OptionSpec.value(
    "backend", "name", help: "The backend to use: \(RegistryText.list(RegistryText.backends())).")
}
