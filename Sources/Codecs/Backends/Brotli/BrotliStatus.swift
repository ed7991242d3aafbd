import CBrotli

/// brotli's decoder error codes, translated in one place: into `CodecError` for the one-shot
/// decoder and into `StreamingDecodeError` for the streaming one, so `decompress`, the server
/// and the verifier agree on whose fault a failure is.
///
/// decode.h's groups: -1 to -17 are format errors ("caused by invalid input"); -19,
/// DICTIONARY_NOT_SET, is a stream that refers to a dictionary the decoder has no data for, and
/// -18 (reserved in 1.0.9, COMPOUND_DICTIONARY in 1.1) a bad reference to one: the data's fault
/// too, as zlib's Z_NEED_DICT is. -20, INVALID_ARGUMENTS, is the caller's misuse of the API,
/// -21 to -30 are allocation failures and -31 is a state the decoder calls impossible: those
/// are the library's (or the harness's) trouble, not the input's, as zstd's and zlib's memory
/// errors are.
enum BrotliStatus {
  /// Whether `code` is the library's own failure rather than bad input.
  static func isLibraryFailure(_ code: BrotliDecoderErrorCode) -> Bool {
    code.rawValue <= BROTLI_DECODER_ERROR_INVALID_ARGUMENTS.rawValue
  }

  static func message(_ code: BrotliDecoderErrorCode) -> String {
    String(cString: BrotliDecoderErrorString(code))
  }

  /// The one-shot decoder's error for a failed `BrotliDecoderDecompressStream`.
  static func error(_ code: BrotliDecoderErrorCode) -> CodecError {
    guard isLibraryFailure(code) else {
      return .corruptInput(backend: "brotli", container: .br, detail: "brotli: \(message(code))")
    }
    return .library(
      backend: "brotli", operation: "BrotliDecoderDecompressStream", code: Int(code.rawValue), message: message(code))
  }

  /// The same for the streaming decoder, whose errors name the `br` coding.
  static func streamingError(_ code: BrotliDecoderErrorCode) -> StreamingDecodeError {
    guard isLibraryFailure(code) else { return .corrupt(coding: "br", detail: message(code)) }
    return .library(coding: "br", code: Int(code.rawValue), message: message(code))
  }
}
