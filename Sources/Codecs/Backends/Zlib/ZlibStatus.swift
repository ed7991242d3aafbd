import CZlib
import DeflateBenchSupport

/// zlib's return codes, translated in one place: into `CodecError` for the backend and into
/// `StreamingDecodeError` for the streaming decoder.
enum ZlibStatus {
  /// The error for a zlib return code other than Z_OK / Z_STREAM_END.
  ///
  /// - Parameters:
  ///   - code: what zlib returned.
  ///   - stream: the stream, whose `msg` zlib may have filled in.
  ///   - operation: the call that failed, for the message (`deflate`, `inflate`, `inflateInit2`).
  ///   - backend: the name the error reports (zopfli output is decoded by zlib, for example).
  ///   - container: the container being read or written.
  static func error(
    _ code: Int32, stream: UnsafeMutablePointer<z_stream>, operation: String, backend: String,
    container: Container
  ) -> CodecError {
    error(
      code, message: stream.pointee.msg.map { String(cString: $0) }, operation: operation, backend: backend,
      container: container)
  }

  /// The same translation from a code and the stream's message. zlib-ng's native API returns the
  /// same codes (Z_OK 0 ... Z_VERSION_ERROR -6), so its backend translates through here too,
  /// naming itself as `library`.
  static func error(
    _ code: Int32, message: String?, operation: String, backend: String, container: Container,
    library: String = "zlib"
  ) -> CodecError {
    switch code {
    case Z_DATA_ERROR:
      return .corruptInput(
        backend: backend, container: container, detail: "\(library): \(message ?? "invalid data")")
    case Z_NEED_DICT:
      return .corruptInput(
        backend: backend, container: container, detail: "\(library): the stream asks for a preset dictionary")
    case Z_MEM_ERROR:
      return .library(backend: backend, operation: operation, code: Int(code), message: "out of memory")
    case Z_STREAM_ERROR:
      return .library(
        backend: backend, operation: operation, code: Int(code),
        message: message ?? "invalid parameter or inconsistent stream state")
    case Z_VERSION_ERROR:
      return .library(
        backend: backend, operation: operation, code: Int(code),
        message: "the \(library) library is incompatible with the header compiled against")
    case Z_BUF_ERROR:
      return .library(backend: backend, operation: operation, code: Int(code), message: "no progress was possible")
    case Z_ERRNO:
      return .library(backend: backend, operation: operation, code: Int(code), message: "file error")
    default:
      return .library(
        backend: backend, operation: operation, code: Int(code), message: message ?? "unexpected return code")
    }
  }

  /// The same translation for the streaming decoder, whose errors name an HTTP coding.
  static func streamingError(_ code: Int32, stream: UnsafeMutablePointer<z_stream>, coding: String)
    -> StreamingDecodeError
  {
    let message = stream.pointee.msg.map { String(cString: $0) }
    switch code {
    case Z_DATA_ERROR, Z_NEED_DICT, Z_STREAM_ERROR, Z_BUF_ERROR:
      return .corrupt(coding: coding, detail: message ?? "zlib code \(code)")
    default:
      return .library(coding: coding, code: Int(code), message: message ?? "zlib code \(code)")
    }
  }

  /// windowBits for deflateInit2 / inflateInit2: 15 is the 32 KiB window; +16 asks for a gzip
  /// wrapper, a negative value for raw DEFLATE.
  static func windowBits(for container: Container) -> Int32 {
    switch container {
    case .gzip: 31
    case .raw: -15
    default: 15
    }
  }
}

/// zlib's allocator hooks, counting into the `AllocationCounter` passed as `opaque`.
let zlibCountingAlloc: alloc_func = { opaque, items, size in
  AllocationCounter.allocate(Int(items) * Int(size), opaque: opaque)
}

let zlibCountingFree: free_func = { opaque, address in
  AllocationCounter.free(address, opaque: opaque)
}
