import DeflateBenchCodecs

/// Resolving `--backend`, `--level` and `--container` into codec values, with usage errors
/// that say what is allowed.
enum BackendOptions {
  static func backend(_ arguments: ParsedArguments) throws(CLIError) -> any CompressionBackend {
    guard let name = arguments.string("backend") else {
      throw .usage("\(arguments.commandName): --backend is required; known backends: \(knownNames)")
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

  static var knownNames: String { BackendRegistry.all.map(\.name).joined(separator: ", ") }
}
