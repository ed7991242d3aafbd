import CISAL
import DeflateBenchSupport

/// ISA-L igzip's stateless (one-shot) compressor for one (level, container).
///
/// ISA-L allocates nothing itself: its working memory is an `IsalDeflateState` (stream struct and
/// level buffer), allocated here once and reused. Level 0 is a real compressor (static Huffman tables, a small hash),
/// not stored blocks, and needs no level buffer. ISA-L writes its own generic gzip header (MTIME 0,
/// OS 255) and zlib header; when the compressed form would not fit, it falls back to stored blocks.
final class IsalCompressor: Compressor {
  let container: Container
  private let state: IsalDeflateState
  private let gzipFlag: UInt16

  init(level: Int, container: Container) throws(CodecError) {
    self.container = container
    self.state = try IsalDeflateState(level: level)
    self.gzipFlag = IsalStatus.deflateFlag(for: container)
  }

  /// The stream struct plus the level buffer: everything ISA-L uses, since it never allocates.
  var peakMemoryBytes: Int? { state.bytes }

  /// ISA-L has no bound function; its stateless API documents that output never exceeds the
  /// stored-block form (5 header bytes per 65535-byte block, 5 for an empty input) plus the
  /// wrapper. The 8 spare bytes are there because the stored fallback writes the trailer with a
  /// 64-bit store that needs 8 free bytes even when the trailer is shorter.
  func compressBound(_ inputCount: Int) -> Int {
    let blocks = max(1, (inputCount + 65534) / 65535)
    let wrapper =
      switch container {
      case .gzip: 18
      case .zlib: 6
      default: 0
      }
    return inputCount + 5 * blocks + wrapper + 8
  }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    guard input.count <= IsalBackend.inputLimit else {
      throw .inputTooLarge(backend: "isal", bytes: input.count, limit: IsalBackend.inputLimit)
    }
    // ISA-L counts output in 32 bits; more room than that can never be needed below the input limit.
    let capacity = UInt32(min(output.count, uint32ChunkLimit))
    var written: UInt32 = 0
    let code = deflatebench_isal_deflate_stateless(
      state.stream, Int32(state.level), state.levelBuffer, state.levelBufferSize, gzipFlag, input.byteBase,
      UInt32(input.count),
      output.byteBase, capacity, &written)
    guard code == COMP_OK else { throw IsalStatus.deflateError(code, capacity: output.count) }
    return Int(written)
  }
}
