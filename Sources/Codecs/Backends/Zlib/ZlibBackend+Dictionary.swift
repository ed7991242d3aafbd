import CZlib
import DeflateBenchSupport

/// zlib with a preset dictionary (see `DeflatePresetBackend`). ISA-L, a separate DEFLATE
/// implementation with a preset-dictionary API, verifies; libdeflate has none.
extension ZlibBackend: DeflatePresetBackend {
  public var dictionaryVerifier: any DictionaryCompressionBackend { IsalBackend() }

  /// The Adler-32 of `bytes`: the id a zlib header with FDICT gives its preset dictionary.
  public static func adler32(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { UInt32(CZlib.adler32(1, $0.byteBase, uInt($0.count))) }
  }

  /// A preset's id as every message prints it: eight hex digits (`0x1a2b3c4d`), as `dict train`
  /// shows it and a hex dump of the zlib header reads it.
  public static func adler32Text(_ id: UInt32) -> String {
    let digits = String(id, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
  }

  /// Why a zlib stream was refused the preset it was given: it names another one.
  static func presetMismatch(asked: UInt32, given preset: [UInt8]) -> String {
    "the stream asks for the preset dictionary with Adler-32 \(adler32Text(asked)), not this one "
      + "(Adler-32 \(adler32Text(adler32(preset))))"
  }

  /// Streams zlib and raw bodies written with `dictionary`'s preset through zlib's inflate, so
  /// `decompress --dictionary` holds one output buffer, never the whole output.
  public func makeStreamingDecoder(
    container: Container, limits: StreamingDecodeLimits, dictionary: CompressionDictionary
  ) throws(StreamingDecodeError) -> (any StreamingDecoder)? {
    // A dictionary without a usable preset is refused by the whole-buffer path, which says why.
    guard let preset = try? dictionary.deflatePreset() else { return nil }
    switch container {
    case .zlib: return InflateStreamingDecoder(format: .zlib, limits: limits, preset: preset)
    case .raw: return InflateStreamingDecoder(format: .raw, limits: limits, preset: preset)
    default: return nil
    }
  }
}
