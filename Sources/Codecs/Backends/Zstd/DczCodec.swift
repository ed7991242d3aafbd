/// `dcz` bodies: the 40-byte header naming the dictionary, then a zstd frame written with it.
/// Both wrap the plain zstd compressor and decompressor, which hold the dictionary.
final class DczCompressor: Compressor {
  private let inner: ZstdCompressor
  private let sha256: [UInt8]

  init(level: Int, dictionary: CompressionDictionary) throws(CodecError) {
    inner = try ZstdCompressor(level: level, dictionary: dictionary.bytes)
    sha256 = dictionary.sha256
  }

  var peakMemoryBytes: Int? { inner.peakMemoryBytes }

  func compressBound(_ inputCount: Int) -> Int { DczFrame.headerBytes + inner.compressBound(inputCount) }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    guard output.count > DczFrame.headerBytes else { throw .outputTooSmall(backend: "zstd", capacity: output.count) }
    DczFrame.write(sha256: sha256, into: output)
    let frame = UnsafeMutableRawBufferPointer(rebasing: output[DczFrame.headerBytes...])
    return DczFrame.headerBytes + (try inner.compress(input, into: frame))
  }
}

/// Checks that the header names this decompressor's dictionary, then decodes the frame.
final class DczDecompressor: Decompressor {
  private let inner: ZstdDecompressor
  private let dictionary: CompressionDictionary

  init(dictionary: CompressionDictionary) throws(CodecError) {
    inner = try ZstdDecompressor(dictionary: dictionary.bytes)
    self.dictionary = dictionary
  }

  func decompress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    let hash: [UInt8]
    do throws(DczHeaderError) {
      hash = try DczFrame.hash(in: input)
    } catch {
      throw .corruptInput(backend: "zstd", container: .dcz, detail: error.description)
    }
    guard hash == dictionary.sha256 else {
      throw .corruptInput(
        backend: "zstd", container: .dcz, detail: DczFrame.wrongDictionary(named: hash, given: dictionary))
    }
    return try inner.decompress(UnsafeRawBufferPointer(rebasing: input[DczFrame.headerBytes...]), into: output)
  }
}
