import CISAL

/// The memory ISA-L's compressor works in, for one level: the stream struct (history buffer and
/// the level-0 hash table) and, for levels 1-3, a level buffer of `ISAL_DEF_LVLx_DEFAULT` bytes.
/// ISA-L allocates nothing itself, so these are all its working memory; the one-shot and the
/// streaming compressor each own one, allocated once and reused.
final class IsalDeflateState {
  /// The level the level buffer is sized for; every call on this state passes it.
  let level: Int
  let stream: UnsafeMutablePointer<isal_zstream>
  let levelBuffer: UnsafeMutablePointer<UInt8>?
  let levelBufferSize: UInt32

  init(level: Int) throws(CodecError) {
    guard let stream = deflatebench_isal_zstream_create() else {
      throw .library(backend: "isal", operation: "allocating isal_zstream", code: 0, message: "out of memory")
    }
    let size = UInt32(Self.levelBufferBytes(level: level))
    self.level = level
    self.stream = stream
    levelBufferSize = size
    levelBuffer = size > 0 ? .allocate(capacity: Int(size)) : nil
  }

  deinit {
    deflatebench_isal_zstream_destroy(stream)
    levelBuffer?.deallocate()
  }

  /// The stream struct plus the level buffer.
  var bytes: Int { Self.streamBytes + Int(levelBufferSize) }

  /// Bytes of one `isal_zstream`.
  static var streamBytes: Int { deflatebench_isal_zstream_size() }

  /// `ISAL_DEF_LVLx_DEFAULT`, the level buffer ISA-L suggests for level x (0 for level 0).
  static func levelBufferBytes(level: Int) -> Int { Int(deflatebench_isal_level_buffer_size(Int32(level))) }
}
