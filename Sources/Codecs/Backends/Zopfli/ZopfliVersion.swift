import CZopfli

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// zopfli has no version call and no version macro. Its build names the shared library after
/// its full version (`libzopfli.so.1.0.3` on Linux, `libzopfli.1.0.3.dylib` on macOS), so the
/// version reported is read from the file the running process actually mapped: on Linux from
/// /proc/self/maps (which lists the real file behind the soname symlink), on macOS with `dladdr`
/// on a zopfli function. When that fails (a static link, an unusual name) the answer says so
/// instead of guessing.
enum ZopfliVersion {
  static let unknown = "unknown (no version API)"

  static let loaded: String = loadedLibraryFileName().flatMap(version(fromLibraryFileName:)) ?? unknown

  /// `libzopfli.so.1.0.3` or `libzopfli.1.0.3.dylib` -> `1.0.3`; nil for anything else.
  static func version(fromLibraryFileName name: String) -> String? {
    var rest = Substring(name)
    if rest.hasPrefix("libzopfli.so.") {
      rest = rest.dropFirst("libzopfli.so.".count)
    } else if rest.hasPrefix("libzopfli.") && rest.hasSuffix(".dylib") {
      rest = rest.dropFirst("libzopfli.".count).dropLast(".dylib".count)
    } else {
      return nil
    }
    let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
    return String(rest)
  }

  private static func lastPathComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  #if os(Linux)
    private static func loadedLibraryFileName() -> String? {
      // Touch zopfli so the library is certainly mapped before the lookup.
      var options = ZopfliOptions()
      ZopfliInitOptions(&options)
      guard let file = fopen("/proc/self/maps", "r") else { return nil }
      defer { fclose(file) }
      var line: UnsafeMutablePointer<CChar>? = nil
      var capacity = 0
      defer { free(line) }
      while getline(&line, &capacity, file) > 0, let line {
        let text = String(cString: line)
        guard let slash = text.firstIndex(of: "/") else { continue }
        let name = lastPathComponent(text[slash...].trimmingSuffixNewline())
        if name.hasPrefix("libzopfli.") { return name }
      }
      return nil
    }
  #else
    private static func loadedLibraryFileName() -> String? {
      let function: @convention(c) (UnsafeMutablePointer<ZopfliOptions>?) -> Void = ZopfliInitOptions
      var info = Dl_info()
      guard dladdr(unsafeBitCast(function, to: UnsafeRawPointer.self), &info) != 0, let path = info.dli_fname,
        let resolved = realpath(path, nil)
      else { return nil }
      defer { free(resolved) }
      return lastPathComponent(String(cString: resolved))
    }
  #endif
}

extension Substring {
  fileprivate func trimmingSuffixNewline() -> String {
    String(hasSuffix("\n") ? dropLast() : self)
  }
}
