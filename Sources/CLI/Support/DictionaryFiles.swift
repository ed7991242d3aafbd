import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation

/// Reading `--dictionary` files, with the exit codes the README documents: a missing or
/// unreadable file is 66, an empty or unusable one 65 (bad data), two different files with the
/// same name 64.
enum DictionaryFiles {
  static func load(_ path: String) throws(CLIError) -> CompressionDictionary {
    let bytes = try ByteIO.readFile(path, role: "dictionary")
    do throws(CodecError) {
      let dictionary = try CompressionDictionary(
        name: URL(fileURLWithPath: path).lastPathComponent, bytes: bytes, sha256: SHA256.hash(bytes).bytes)
      _ = try dictionary.contentOffset()
      var described = dictionary
      described.origin = "file \(path)"
      return described
    } catch {
      throw .dataError("\(path): \(error.description)")
    }
  }

  /// Every file of a repeatable option, each loaded once; results name dictionaries by file name,
  /// so two different files may not share one.
  static func loadAll(_ paths: [String]) throws(CLIError) -> [CompressionDictionary] {
    var dictionaries: [CompressionDictionary] = []
    for path in paths {
      let dictionary = try load(path)
      if let clash = dictionaries.first(where: { $0.name == dictionary.name }) {
        if clash.sha256 == dictionary.sha256 { continue }
        throw .usage("two different dictionaries are both named '\(dictionary.name)'; rename one")
      }
      dictionaries.append(dictionary)
    }
    return dictionaries
  }

  /// The CLI error for a dictionary problem met while making a compressor or decompressor.
  static func cliError(_ error: CodecError) -> CLIError {
    switch error {
    case .invalidDictionary: .dataError(error.description)
    case .dictionaryUnsupported: .usage(error.description)
    default: .failure(error.description)
    }
  }
}
