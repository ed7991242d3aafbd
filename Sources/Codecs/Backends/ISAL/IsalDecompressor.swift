import CISAL
import DeflateBenchSupport

/// ISA-L's inflate for one container. The inflate state (about 100 KiB, mostly its output window)
/// is allocated once and reset per call. With ISAL_GZIP / ISAL_ZLIB ISA-L parses the header and
/// checks the trailer's checksum and length itself. Success means the state reached
/// ISAL_BLOCK_FINISH with every input byte used; inputs and outputs over 4 GiB are fed through
/// ISA-L's 32-bit length fields in chunks.
///
/// With a preset dictionary, a raw stream gets it right after the reset; a zlib stream stops
/// with ISAL_NEED_DICT after its header, and the preset is loaded only when its Adler-32 is the
/// id the header names (ISA-L does not check that itself).
final class IsalDecompressor: Decompressor {
  let container: Container
  private let state: UnsafeMutablePointer<inflate_state>
  private let crcFlag: UInt32
  private let chunkLimit: Int
  private let preset: [UInt8]?
  private let presetId: UInt32

  init(container: Container, chunkLimit: Int = uint32ChunkLimit, preset: [UInt8]? = nil) throws(CodecError) {
    guard let state = deflatebench_isal_inflate_create() else {
      throw .library(backend: "isal", operation: "allocating inflate_state", code: 0, message: "out of memory")
    }
    self.container = container
    self.state = state
    self.crcFlag = IsalStatus.inflateFlag(for: container)
    self.chunkLimit = usableChunkLimit(chunkLimit)
    self.preset = preset
    self.presetId = preset.map(IsalBackend.adler32) ?? 0
  }

  deinit { deflatebench_isal_inflate_destroy(state) }

  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    deflatebench_isal_inflate_begin(state, crcFlag)
    if container == .raw, let preset { try loadPreset(preset) }
    var nextIn: UnsafePointer<UInt8>? = input.byteBase
    var nextOut: UnsafeMutablePointer<UInt8>? = output.byteBase
    var availIn: UInt32 = 0
    var availOut: UInt32 = 0
    var inputLeft = input.count
    var outputLeft = output.count
    var finished: Int32 = 0
    while true {
      if availIn == 0 && inputLeft > 0 {
        let chunk = min(inputLeft, chunkLimit)
        availIn = UInt32(chunk)
        inputLeft -= chunk
      }
      if availOut == 0 && outputLeft > 0 {
        let chunk = min(outputLeft, chunkLimit)
        availOut = UInt32(chunk)
        outputLeft -= chunk
      }
      let before = (availIn, availOut)
      let code = deflatebench_isal_inflate_step(state, &nextIn, &availIn, &nextOut, &availOut, &finished)
      if code == ISAL_NEED_DICT, let preset {
        // ISA-L keeps the header's big-endian DICTID as it lies in memory, byte-swapped on x86.
        let wanted = UInt32(bigEndian: deflatebench_isal_inflate_dict_id(state))
        guard wanted == presetId else {
          throw .corruptInput(
            backend: "isal", container: container,
            detail: "the stream asks for preset dictionary \(wanted), not this one")
        }
        try loadPreset(preset)
        continue
      }
      guard code >= 0 && code != ISAL_NEED_DICT else { throw IsalStatus.inflateError(code, container: container) }
      if finished != 0 {
        // ISA-L reads ahead into a bit buffer; whole bytes left there follow the stream too.
        let trailing = inputLeft + Int(availIn) + Int(deflatebench_isal_inflate_unused_buffered_bytes(state))
        guard trailing == 0 else {
          throw .corruptInput(
            backend: "isal", container: container, detail: "\(trailing) bytes follow the end of the stream")
        }
        return output.count - outputLeft - Int(availOut)
      }
      // ISA-L returns when the input is used up or the output is full. A call that moved neither
      // means it is stuck on one of those for good (it buffers partial input internally, so a call
      // with no new bytes can still make progress; only a call that made none is final).
      guard (availIn, availOut) == before else { continue }
      if availOut == 0 && outputLeft == 0 {
        throw .outputTooSmall(backend: "isal", capacity: output.count)
      }
      if availIn == 0 && inputLeft == 0 {
        throw .corruptInput(backend: "isal", container: container, detail: "the stream is truncated")
      }
      throw .library(backend: "isal", operation: "isal_inflate", code: Int(code), message: "made no progress")
    }
  }

  private func loadPreset(_ preset: [UInt8]) throws(CodecError) {
    let code = preset.withUnsafeBytes { deflatebench_isal_inflate_set_dict(state, $0.byteBase, UInt32($0.count)) }
    guard code == COMP_OK else {
      throw .library(backend: "isal", operation: "isal_inflate_set_dict", code: Int(code), message: "refused")
    }
  }
}
