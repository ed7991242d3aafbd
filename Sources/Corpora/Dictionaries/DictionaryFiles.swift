import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation

/// Reading dictionary files: `--dictionary` of run, compress, decompress and serve, and a
/// corpus's `"dictionary": "FILE"`. A missing or unreadable file is a missing input, an empty or
/// unusable one bad data, two different files with one name a usage error (`CorpusError`).
public enum DictionaryFiles {
  public static func load(_ path: String) throws(CorpusError) -> CompressionDictionary {
    let bytes: [UInt8]
    do throws(WholeFile.Failure) {
      bytes = try WholeFile.read(path)
    } catch {
      throw .unreadableDictionary(path: path, missing: error.missing, reason: error.reason)
    }
    do throws(CodecError) {
      var dictionary = try CompressionDictionary(
        name: URL(fileURLWithPath: path).lastPathComponent, bytes: bytes, sha256: SHA256.hash(bytes).bytes)
      _ = try dictionary.contentOffset()
      dictionary.origin = "file \(path)"
      return dictionary
    } catch {
      throw .invalidDictionary(path: path, detail: error.description)
    }
  }

  /// Every file of a repeatable option, each loaded once; results name dictionaries by file name,
  /// so two different files may not share one.
  public static func loadAll(_ paths: [String]) throws(CorpusError) -> [CompressionDictionary] {
    var dictionaries: [CompressionDictionary] = []
    for path in paths {
      let dictionary = try load(path)
      if let clash = dictionaries.first(where: { $0.name == dictionary.name }) {
        if clash.sha256 == dictionary.sha256 { continue }
        throw .duplicateDictionaryName(dictionary.name)
      }
      dictionaries.append(dictionary)
    }
    return dictionaries
  }
}
