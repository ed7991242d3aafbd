import CZstd

/// zstd's `size_t` results, translated in one place: into `CodecError` for the backend and into
/// `StreamingDecodeError` for the streaming decoder.
enum ZstdStatus {
  /// Returns `result` when it is a size, or throws the error it encodes.
  @inline(__always)
  static func check(_ result: Int, operation: String, capacity: Int) throws(CodecError) -> Int {
    guard ZSTD_isError(result) != 0 else { return result }
    throw error(result, operation: operation, capacity: capacity)
  }

  static func error(_ result: Int, operation: String, capacity: Int) -> CodecError {
    let code = ZSTD_getErrorCode(result)
    let name = String(cString: ZSTD_getErrorName(result))
    switch code {
    case ZSTD_error_dstSize_tooSmall:
      return .outputTooSmall(backend: "zstd", capacity: capacity)
    case ZSTD_error_prefix_unknown, ZSTD_error_version_unsupported, ZSTD_error_frameParameter_unsupported,
      ZSTD_error_frameParameter_windowTooLarge, ZSTD_error_corruption_detected, ZSTD_error_checksum_wrong,
      ZSTD_error_literals_headerWrong, ZSTD_error_dictionary_corrupted, ZSTD_error_dictionary_wrong,
      ZSTD_error_srcSize_wrong, ZSTD_error_maxSymbolValue_tooSmall, ZSTD_error_tableLog_tooLarge,
      ZSTD_error_maxSymbolValue_tooLarge:
      return .corruptInput(backend: "zstd", container: .zstd, detail: "zstd: \(name)")
    default:
      return .library(backend: "zstd", operation: operation, code: Int(code.rawValue), message: name)
    }
  }

  /// The same translation for the streaming decoder, whose errors name the `zstd` coding.
  /// - Parameter maxWindowLog: the decoder's `windowLogMax`, named when a frame passes it.
  static func streamingError(_ code: Int, maxWindowLog: Int32 = 23) -> StreamingDecodeError {
    let message = String(cString: ZSTD_getErrorName(code))
    switch ZSTD_getErrorCode(code) {
    case ZSTD_error_frameParameter_windowTooLarge:
      return .windowTooLarge(coding: "zstd", limit: 1 << Int(maxWindowLog))
    case ZSTD_error_memory_allocation:
      return .library(coding: "zstd", code: Int(ZSTD_getErrorCode(code).rawValue), message: message)
    default:
      return .corrupt(coding: "zstd", detail: message)
    }
  }
}

/// zstd's allocator hooks, counting into the `AllocationCounter` passed as `opaque`.
let zstdCountingAlloc: ZSTD_allocFunction = { opaque, size in
  AllocationCounter.allocate(size, opaque: opaque)
}

let zstdCountingFree: ZSTD_freeFunction = { opaque, address in
  AllocationCounter.free(address, opaque: opaque)
}

/// A compression context whose every allocation `counter` counts, so its peak is the
/// compressor's working memory. The caller frees it with `ZSTD_freeCCtx`.
func makeCountedCompressionContext(_ counter: AllocationCounter) throws(CodecError) -> OpaquePointer {
  let memory = ZSTD_customMem(customAlloc: zstdCountingAlloc, customFree: zstdCountingFree, opaque: counter.opaque)
  guard let context = ZSTD_createCCtx_advanced(memory) else {
    throw .library(backend: "zstd", operation: "ZSTD_createCCtx_advanced", code: 0, message: "out of memory")
  }
  return context
}

/// zstd's allocator hooks, charging the `BudgetAccount` passed as `opaque`.
let zstdBudgetAlloc: ZSTD_allocFunction = { opaque, size in
  BudgetAccount.allocate(size, opaque: opaque)
}

let zstdBudgetFree: ZSTD_freeFunction = { opaque, address in
  BudgetAccount.free(address, opaque: opaque)
}
