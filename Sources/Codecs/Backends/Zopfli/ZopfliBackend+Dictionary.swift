extension ZopfliBackend: DictionaryUnsupportedBackend {
  public var dictionaryUnsupportedReason: String { "zopfli has no preset-dictionary API" }
}
