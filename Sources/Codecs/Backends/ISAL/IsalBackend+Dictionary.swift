import CISAL
import DeflateBenchSupport

/// ISA-L with a preset dictionary (see `DeflatePresetBackend`). zlib, a separate implementation,
/// verifies.
extension IsalBackend: DeflatePresetBackend {
  public var dictionaryVerifier: any DictionaryCompressionBackend { ZlibBackend() }

  /// ISA-L's own Adler-32 (`isal_adler32`), the id of a preset in a zlib header.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { isal_adler32(1, $0.byteBase, UInt64($0.count)) }
  }
}
