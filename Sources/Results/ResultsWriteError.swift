import DeflateBenchSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a results folder could not be written.
public enum ResultsWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The document holds a value JSON cannot represent (a NaN or infinite sample).
  case encoding(reason: String)
  /// The folder could not be created.
  case createFolder(path: String, reason: String)
  /// A system call on a file failed; `errno` is the raw code, `message` its strerror text.
  case file(path: String, operation: String, errno: Int32, message: String)
  /// A file this writer meant to create appeared meanwhile: another process writes there too.
  case appeared(path: String)

  public var description: String {
    switch self {
    case .encoding(let reason):
      "cannot encode the results: \(reason)"
    case .createFolder(let path, let reason):
      "cannot create the results folder \(path): \(reason)"
    case .file(let path, let operation, let errno, let message):
      "cannot write \(path): \(operation) failed with errno \(errno) (\(message))"
    case .appeared(let path):
      "\(path) appeared while this run measured: another process writes results into the same folder"
    }
  }
}

extension ResultsWriteError {
  /// The same failure as `AtomicFile` reports it, for the results files.
  /// A new results.json that found one already there (`replacing: false`) is `.appeared`.
  public init(_ error: AtomicFile.WriteError) {
    if error.operation == "link", error.errno == EEXIST {
      self = .appeared(path: error.path)
      return
    }
    self = .file(path: error.path, operation: error.operation, errno: error.errno, message: error.message)
  }
}
