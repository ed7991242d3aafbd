extension ZlibNgBackend: DictionaryUnsupportedBackend {
  /// zlib-ng has the API (zng_deflateSetDictionary); the DEFLATE preset cells are zlib's and
  /// ISA-L's until someone wires it here, and reports say so rather than "no API".
  public var dictionaryUnsupportedReason: String {
    "this harness does not use zlib-ng's preset-dictionary API (zng_deflateSetDictionary) yet; zlib and isal measure the DEFLATE preset"
  }
}
