import DeflateBenchCodecs

/// Resolving `--backend`, `--level` and `--container` into codec values, with usage errors
/// that say what is allowed.
enum BackendOptions {
  /// What compress and decompress code with: `--backend` bound to `--dictionary` when one is
  /// given, and `--container` checked against it.
  static func backendAndContainer(_ arguments: ParsedArguments) throws(CLIError)
    -> (backend: any CompressionBackend, container: Container)
  {
    let backend = try applyingDictionary(arguments, to: backend(arguments))
    return (backend, try container(arguments, backend: backend))
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
  static func container(_ arguments: ParsedArguments, backend: any CompressionBackend) throws(CLIError)
    -> Container
  {
    guard let text = arguments.string("container") else { return backend.containers[0] }
    guard let container = Container(rawValue: text) else {
      let names = Container.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("unknown container '\(text)'; containers are \(names)")
    }
    do throws(CodecError) {
      try backend.validate(container: container)
    } catch {
      throw .usage(error.description)
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
    let dictionary = try DictionaryFiles.load(path)
    do throws(CodecError) {
      return try DictionaryBackend(backend, dictionary: dictionary)
    } catch {
      throw DictionaryFiles.cliError(error)
    }
  }

  /// The `--dictionary` option of compress and decompress.
  static let dictionaryOption = OptionSpec.value(
    "dictionary", "file",
    help:
      "Use this dictionary (from dict train, or raw bytes): zstd writes dcz (default) or zstd, zlib, zlib-ng and isal write zlib (default) or raw with its DEFLATE preset. libdeflate, zopfli and brotli have no dictionary API."
  )

  static var knownNames: String { BackendRegistry.all.map(\.name).joined(separator: ", ") }

  /// `--backend` of the commands that code one body, listing every registered backend.
  static let backendOption: OptionSpec = {
    let names = BackendRegistry.all.map(\.name)
    let list = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    return .value("backend", "name", help: "The backend to use: \(list).")
  }()
}
