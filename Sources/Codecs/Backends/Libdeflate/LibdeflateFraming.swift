import DeflateBenchSupport

/// The framing as libdeflate splits its functions (gzip, zlib, raw DEFLATE), decided once when a
/// compressor or decompressor is made: comparing `Container` values (by name) on every call costs
/// instructions that a call on a 300-byte body shows.
enum LibdeflateFraming {
  case gzip, zlib, raw

  init(_ container: Container) {
    self = container == .gzip ? .gzip : container == .zlib ? .zlib : .raw
  }
}
