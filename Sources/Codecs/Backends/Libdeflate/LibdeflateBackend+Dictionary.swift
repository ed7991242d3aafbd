extension LibdeflateBackend: DictionaryUnsupportedBackend {
  public var dictionaryUnsupportedReason: String {
    "libdeflate has no preset-dictionary API (its compressor and decompressor start from an empty window)"
  }
}
