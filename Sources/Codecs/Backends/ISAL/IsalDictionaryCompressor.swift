import CISAL
import DeflateBenchSupport

/// ISA-L igzip with a preset dictionary, for one (level, container). The dictionary is processed
/// once (`isal_deflate_process_dict`: history and hash table for the level) and reset into the
/// stream before each input, which is compressed by one stateful `isal_deflate` call: the
/// stateless API ignores dictionaries.
///
/// ISA-L's zlib header has no FDICT flag, so for the zlib container this class writes the header
/// itself (CMF 0x78, FLG 0x20: FDICT set, FLEVEL 0; then the preset's Adler-32, big-endian) and
/// ISA-L writes only the body and the Adler-32 trailer (`IGZIP_ZLIB_NO_HDR`).
final class IsalDictionaryCompressor: Compressor {
  let container: Container
  private let state: IsalDeflateState
  private let processed: UnsafeMutablePointer<isal_dict>
  private let header: [UInt8]

  /// The zlib header with FDICT for a preset: 0x7820 is a multiple of 31, so FCHECK is 0.
  static func zlibHeader(dictionaryId: UInt32) -> [UInt8] {
    [
      0x78, 0x20, UInt8(dictionaryId >> 24), UInt8(dictionaryId >> 16 & 0xFF), UInt8(dictionaryId >> 8 & 0xFF),
      UInt8(dictionaryId & 0xFF),
    ]
  }

  init(level: Int, container: Container, preset: [UInt8]) throws(CodecError) {
    let state = try IsalDeflateState(level: level)
    var code: Int32 = 0
    let processed = preset.withUnsafeBytes {
      deflatebench_isal_dict_create(state.stream, Int32(level), $0.byteBase, UInt32($0.count), &code)
    }
    guard let processed else {
      throw .library(
        backend: "isal", operation: "isal_deflate_process_dict", code: Int(code), message: "the dictionary was refused")
    }
    self.container = container
    self.state = state
    self.processed = processed
    self.header = container == .zlib ? Self.zlibHeader(dictionaryId: IsalBackend.adler32(preset)) : []
  }

  deinit { deflatebench_isal_dict_destroy(processed) }

  /// Stream, level buffer and the processed dictionary: ISA-L allocates nothing else.
  var peakMemoryBytes: Int? { state.bytes + deflatebench_isal_dict_size() }

  /// The stored-block bound of the plain compressor (its zlib wrapper is 6 bytes) plus the 4-byte
  /// DICTID, and 512 spare bytes: the stateful path at level 0 starts every stream with its
  /// dynamic Huffman header (113 bytes on an empty input, at most about 300), which the
  /// stateless bound does not allow for.
  func compressBound(_ inputCount: Int) -> Int {
    let blocks = max(1, (inputCount + 65534) / 65535)
    return inputCount + 5 * blocks + (container == .zlib ? 10 : 0) + 512
  }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    guard input.count <= IsalBackend.inputLimit else {
      throw .inputTooLarge(backend: "isal", bytes: input.count, limit: IsalBackend.inputLimit)
    }
    guard output.count >= header.count else { throw .outputTooSmall(backend: "isal", capacity: output.count) }
    for (index, byte) in header.enumerated() { output[index] = byte }
    let body = UnsafeMutableRawBufferPointer(rebasing: output[header.count...])
    let flag = UInt16(container == .zlib ? IGZIP_ZLIB_NO_HDR : IGZIP_DEFLATE)
    var written: UInt32 = 0
    let code = deflatebench_isal_deflate_with_dict(
      state.stream, Int32(state.level), state.levelBuffer, state.levelBufferSize, flag, processed, input.byteBase,
      UInt32(input.count),
      body.byteBase, UInt32(min(body.count, uint32ChunkLimit)), &written)
    guard code == COMP_OK else { throw IsalStatus.deflateError(code, capacity: output.count) }
    return header.count + Int(written)
  }
}
