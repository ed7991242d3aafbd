import CISAL

/// ISA-L's stateful `isal_deflate` fed chunk by chunk: `SYNC_FLUSH` at each chunk's end,
/// `end_of_stream` on the last. Same level and level buffer as `IsalCompressor`. ISA-L allocates
/// nothing: its memory is the stream struct (history and hash), the level buffer and the output
/// buffer, fixed for the level.
final class IsalStreamingCompressor: StreamingCompressor {
  let level: Int
  let container: Container
  private let stream: UnsafeMutablePointer<isal_zstream>
  private let levelBuffer: UnsafeMutablePointer<UInt8>?
  private let levelBufferSize: UInt32
  private let buffer: UnsafeMutableRawBufferPointer

  init(level: Int, container: Container) throws(CodecError) {
    guard let stream = deflatebench_isal_zstream_create() else {
      throw .library(backend: "isal", operation: "allocating isal_zstream", code: 0, message: "out of memory")
    }
    let size = UInt32(IsalCompressor.levelBufferBytes(level: level))
    self.level = level
    self.container = container
    self.stream = stream
    levelBufferSize = size
    levelBuffer = size > 0 ? .allocate(capacity: Int(size)) : nil
    buffer = .allocate(byteCount: streamingOutputBufferBytes, alignment: 64)
    begin()
  }

  deinit {
    deflatebench_isal_zstream_destroy(stream)
    levelBuffer?.deallocate()
    buffer.deallocate()
  }

  var peakMemoryBytes: Int { IsalCompressor.streamBytes + Int(levelBufferSize) + buffer.count }

  func reset() throws(CodecError) { begin() }

  private func begin() {
    deflatebench_isal_deflate_begin(
      stream, Int32(level), levelBuffer, levelBufferSize, IsalStatus.deflateFlag(for: container))
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
        stream, &nextIn, &availableIn, buffer.byteBase, &availableOut, UInt16(last ? NO_FLUSH : SYNC_FLUSH),
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
