import DeflateBenchCodecs
import DeflateBenchCorpora

/// Corpus and dictionary problems as the tool's exit codes, which `CorpusError.exitCode` gives
/// (a missing or unreadable path is 66, a wrong configuration or `--corpus` value 64, a malformed
/// input such as a HAR file or a dictionary 65, an unwritable output 73).
extension CLIError {
  init(_ error: CorpusError) {
    self.init(ExitCode(rawValue: error.exitCode) ?? .failure, error.description)
  }

  /// A dictionary problem met while making a compressor or decompressor.
  init(dictionary error: CodecError) {
    switch error {
    case .invalidDictionary: self.init(.dataError, error.description)
    case .dictionaryUnsupported: self.init(.usage, error.description)
    default: self.init(.failure, error.description)
    }
  }

  /// Runs a corpus call, its `CorpusError` turned into the tool's.
  static func corpora<T>(_ body: () throws(CorpusError) -> T) throws(CLIError) -> T {
    do throws(CorpusError) {
      return try body()
    } catch {
      throw CLIError(error)
    }
  }
}
