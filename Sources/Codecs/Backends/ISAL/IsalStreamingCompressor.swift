import CISAL
import DeflateBenchSupport

/// ISA-L's stateful `isal_deflate` fed chunk by chunk: `SYNC_FLUSH` at each chunk's end,
/// `end_of_stream` on the last. Same level and level buffer as `IsalCompressor`. ISA-L allocates
/// nothing: its memory is the stream struct (history and hash), the level buffer and the output
/// buffer, fixed for the level.
final class IsalStreamingCompressor: StreamingCompressor {
  let container: Container
  private let state: IsalDeflateState
  private let buffer: UnsafeMutableRawBufferPointer

  init(level: Int, container: Container) throws(CodecError) {
    self.container = container
    state = try IsalDeflateState(level: level)
    buffer = .allocate(byteCount: streamingOutputBufferBytes, alignment: 64)
    begin()
  }

  deinit { buffer.deallocate() }

  var peakMemoryBytes: Int { state.bytes + buffer.count }

  func reset() throws(CodecError) { begin() }

  private func begin() {
    deflatebench_isal_deflate_begin(
      state.stream, Int32(state.level), state.levelBuffer, state.levelBufferSize,
      IsalStatus.deflateFlag(for: container))
  }

  func compress(
    chunk: UnsafeRawBufferPointer, last: Bool, emit: (UnsafeRawBufferPointer) throws(CodecError) -> Void
  ) throws(CodecError) {
    precondition(chunk.count <= uint32ChunkLimit, "a streaming chunk must fit ISA-L's 32-bit avail_in")
    var nextIn: UnsafePointer<UInt8>? = chunk.byteBase
    var availableIn = UInt32(chunk.count)
    while true {
      var availableOut = UInt32(buffer.count)
      var finished: Int32 = 0
      let code = deflatebench_isal_deflate_step(
        state.stream, &nextIn, &availableIn, buffer.byteBase, &availableOut, UInt16(last ? NO_FLUSH : SYNC_FLUSH),
        last ? 1 : 0, &finished)
      guard code == COMP_OK else {
        throw .library(
          backend: "isal", operation: "isal_deflate", code: Int(code), message: "the stateful compressor failed")
      }
      let produced = buffer.count - Int(availableOut)
      if produced > 0 { try emit(UnsafeRawBufferPointer(rebasing: buffer[0..<produced])) }
      if last ? finished != 0 : (availableIn == 0 && availableOut > 0) { return }
    }
  }
}

extension IsalBackend: StreamingCompressionBackend {
  public func makeStreamingCompressorUnchecked(level: Int, container: Container) throws(CodecError)
    -> any StreamingCompressor
  {
    try IsalStreamingCompressor(level: level, container: container)
  }
}
