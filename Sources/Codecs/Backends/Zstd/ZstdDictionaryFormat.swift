import CZstd

/// Where a dictionary's content starts, and the DEFLATE preset built from it.
///
/// A trained zstd dictionary is a header (magic, id, entropy tables, three repeat offsets)
/// followed by content: sample segments that the trainer ranked, written so that the most
/// valuable segments come last, nearest to the data that follows (zdict.h). DEFLATE has no use
/// for the header, and its window reaches only 32 KiB back, so its preset is the last 32 KiB of
/// the content: exactly the bytes the trainer valued most. Raw-content dictionaries (any file
/// without the magic) are content throughout; one over 32 KiB is refused for DEFLATE rather than
/// cut silently.
extension CompressionDictionary {
  /// DEFLATE's window: a preset longer than this could never be referenced.
  public static let deflateWindowBytes = 32 << 10

  /// The byte offset at which the content starts: after the header of a trained dictionary, 0
  /// for raw content.
  /// - Throws: `.invalidDictionary` when the magic is there but the header does not parse.
  public func contentOffset() throws(CodecError) -> Int {
    guard isZstdFormat else { return 0 }
    let size = bytes.withUnsafeBytes { ZDICT_getDictHeaderSize($0.baseAddress, $0.count) }
    guard ZDICT_isError(size) == 0, size <= bytes.count else {
      throw .invalidDictionary(
        name: name,
        detail: "it starts with zstd's dictionary magic but its header is malformed ("
          + String(cString: ZDICT_getErrorName(size)) + ")")
    }
    return size
  }

  /// The preset DEFLATE backends load (see the extension's documentation).
  /// - Throws: `.invalidDictionary` for a malformed header, a raw dictionary over 32 KiB, or a
  ///   trained dictionary with no content.
  public func deflatePreset() throws(CodecError) -> [UInt8] {
    let offset = try contentOffset()
    let content = bytes[offset...]
    guard !content.isEmpty else { throw .invalidDictionary(name: name, detail: "it has no content after its header") }
    if !isZstdFormat && content.count > Self.deflateWindowBytes {
      throw .invalidDictionary(
        name: name,
        detail: "it has \(content.count) bytes, more than DEFLATE's \(Self.deflateWindowBytes)-byte window can "
          + "reach; give at most 32 KiB of raw content, or a trained dictionary (its last 32 KiB is used)")
    }
    return Array(content.suffix(Self.deflateWindowBytes))
  }
}
