extension BrotliBackend: DictionaryUnsupportedBackend {
  /// Why there are no `dcb` cells: the shared-dictionary API arrived in brotli 1.1.0.
  public var dictionaryUnsupportedReason: String {
    "brotli \(version) has no shared-dictionary API (BrotliEncoderPrepareDictionary and "
      + "BrotliDecoderAttachDictionary arrived in 1.1.0), so dcb bodies can be neither written nor decoded"
  }
}
