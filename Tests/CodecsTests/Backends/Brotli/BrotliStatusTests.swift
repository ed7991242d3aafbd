import CBrotli
import Testing

@testable import DeflateBenchCodecs

/// Whose fault a brotli decoder error is, for the one-shot and the streaming decoder alike:
/// decode.h's format and dictionary errors (-1 to -19) are the input's (exit 65, HTTP 400),
/// invalid arguments, allocation failures and "impossible" states (-20 to -31) the library's
/// (exit 1, HTTP 500). A corrupt stream can hit -19 (DICTIONARY_NOT_SET) only where the
/// decoder lacks dictionary data, which brotli 1.0.9 always has built in, so the mapping itself
/// is what is checked here; `CorruptBrotliCommandTests` runs real corrupt streams.
@Suite("brotli: decoder error codes")
struct BrotliStatusTests {
  @Test("every code from -1 to -31 is classified the same by both decoders")
  func bothDecodersAgree() {
    for raw in Int32(-31)...(-1) {
      let code = BrotliDecoderErrorCode(rawValue: raw)
      let isLibrary = raw <= -20
      switch BrotliStatus.streamingError(code) {
      case .corrupt: #expect(!isLibrary, "streaming, code \(raw)")
      case .library: #expect(isLibrary, "streaming, code \(raw)")
      default: Issue.record("streaming, code \(raw): \(BrotliStatus.streamingError(code))")
      }
      switch BrotliStatus.error(code) {
      case .corruptInput: #expect(!isLibrary, "one-shot, code \(raw)")
      case .library: #expect(isLibrary, "one-shot, code \(raw)")
      default: Issue.record("one-shot, code \(raw): \(BrotliStatus.error(code))")
      }
    }
  }

  @Test("DICTIONARY_NOT_SET is corrupt input, named in the message")
  func dictionaryNotSetIsTheInputs() {
    #expect(
      BrotliStatus.streamingError(BROTLI_DECODER_ERROR_DICTIONARY_NOT_SET)
        == .corrupt(coding: "br", detail: "DICTIONARY_NOT_SET"))
    #expect(
      BrotliStatus.error(BROTLI_DECODER_ERROR_DICTIONARY_NOT_SET)
        == .corruptInput(backend: "brotli", container: .br, detail: "brotli: DICTIONARY_NOT_SET"))
  }
}
