import CCacheFlush

/// Where the dynamic linker mapped a shared library: its readable segments (code, read-only
/// tables, data), found from one function the library exports. The cold call flushes them
/// (`CacheEvictor`), so a library's code and tables leave the caches whatever their size.
enum LibrarySegments {
  /// The segments of the library that defines `symbol`; empty when no loaded library does, when
  /// the main program does (the harness's own code is not flushed), or off Linux.
  static func defining(_ symbol: String) -> [UnsafeRawBufferPointer] {
    var segments = [deflatebench_segment](repeating: deflatebench_segment(), count: 8)
    var count = symbol.withCString { deflatebench_library_segments($0, &segments, segments.count) }
    if count > segments.count {
      // More segments than guessed (a library linked with unusual flags): ask again with room.
      segments = [deflatebench_segment](repeating: deflatebench_segment(), count: count)
      count = symbol.withCString { deflatebench_library_segments($0, &segments, segments.count) }
    }
    return segments.prefix(min(count, segments.count)).map { UnsafeRawBufferPointer(start: $0.start, count: $0.bytes) }
  }
}
