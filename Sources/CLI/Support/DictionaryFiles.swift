import DeflateBenchCodecs
import DeflateBenchCorpora
import Foundation

/// Reading `--dictionary` files, with the exit codes the README documents: a missing or
/// unreadable file is 66, an empty or unusable one 65 (bad data), two different files with the
/// same name 64.
enum DictionaryFiles {
  static func load(_ path: String, command: String) throws(CLIError) -> CompressionDictionary {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .missingInput("\(command): dictionary file '\(path)' does not exist")
    }
    guard !isDirectory.boolValue else {
      throw .missingInput("\(command): dictionary '\(path)' is a folder, not a file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .missingInput("\(command): dictionary file '\(path)' cannot be read")
    }
    let bytes = [UInt8](data)
    do throws(CodecError) {
      let dictionary = try CompressionDictionary(
        name: URL(fileURLWithPath: path).lastPathComponent, bytes: bytes, sha256: SHA256.hash(bytes).bytes)
      _ = try dictionary.contentOffset()
      var described = dictionary
      described.origin = "file \(path)"
      return described
    } catch {
      throw .dataError("\(command): \(path): \(error.description)")
    }
  }

  /// Every file of a repeatable option, each loaded once; results name dictionaries by file name,
  /// so two different files may not share one.
  static func loadAll(_ paths: [String], command: String) throws(CLIError) -> [CompressionDictionary] {
    var dictionaries: [CompressionDictionary] = []
    for path in paths {
      let dictionary = try load(path, command: command)
      if let clash = dictionaries.first(where: { $0.name == dictionary.name }) {
        if clash.sha256 == dictionary.sha256 { continue }
        throw .usage("\(command): two different dictionaries are both named '\(dictionary.name)'; rename one")
      }
      dictionaries.append(dictionary)
    }
    return dictionaries
  }

  /// The CLI error for a dictionary problem met while making a compressor or decompressor.
  static func cliError(_ error: CodecError, command: String) -> CLIError {
    switch error {
    case .invalidDictionary: .dataError("\(command): \(error.description)")
    case .dictionaryUnsupported: .usage("\(command): \(error.description)")
    default: .failure("\(command): \(error.description)")
    }
  }
}
