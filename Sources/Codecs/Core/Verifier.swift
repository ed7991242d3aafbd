import DeflateBenchSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks a backend's output by decoding it with a different implementation and comparing the
/// result with the original byte for byte, so an encoder bug cannot hide behind its own decoder.
///
/// Each backend declares its verifier (`CompressionBackend.verifier`): zlib is checked by
/// libdeflate, the other DEFLATE encoders by zlib, zstd and brotli by themselves (the only
/// implementations of their formats installed). `deflate-bench backends` lists them.
/// With a dictionary (`DictionaryBackend`) zlib and ISA-L check each other, since libdeflate has no
/// dictionary API; zstd checks itself (the tests also decode with `zstd -D`).
///
/// A verifier keeps its decompressor and a scratch buffer, so verifying in a loop allocates only
/// when an input is larger than any before. Not thread-safe.
public final class Verifier {
  public let backendName: String
  public let level: Int
  public let container: Container
  /// The backend whose decoder checks the output (`zlib`, `libdeflate`, or the encoder itself).
  public let decoderName: String
  private let decompressor: any Decompressor
  private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)

  /// The backend whose decoder verifies `backend`'s output, as the backend declares it and the
  /// registry resolved it (`BackendRegistry.verifier(of:)`); a backend that checks itself needs
  /// no registry. Nil for one the registry does not hold that names another verifier.
  public static func decodingBackend(for backend: any CompressionBackend) -> (any CompressionBackend)? {
    if let dictionaryBackend = backend as? DictionaryBackend { return dictionaryBackend.verifyingBackend }
    if case .selfOnly = backend.verifier { return backend }
    return BackendRegistry.verifier(of: backend)
  }

  /// - Throws: `.unsupportedContainer` when the backend does not write `container`.
  public init(backend: any CompressionBackend, level: Int, container: Container) throws(CodecError) {
    try backend.validate(container: container)
    guard let decoder = Self.decodingBackend(for: backend) else {
      throw .unknownBackend(name: backend.name, known: BackendRegistry.names)
    }
    self.backendName = backend.name
    self.level = level
    self.container = container
    self.decoderName = decoder.name
    self.decompressor = try decoder.makeDecompressor(container: container)
  }

  deinit { scratch.deallocate() }

  /// Decodes `compressed` and compares it with `original`.
  /// - Parameter inputName: names the input in the error (a file, a payload id).
  /// - Throws: `.verificationMismatch` naming backend, level, container and input when the
  ///   output does not decode, or decodes to anything but `original`.
  public func verify(original: UnsafeRawBufferPointer, compressed: UnsafeRawBufferPointer, inputName: String)
    throws(CodecError)
  {
    // One spare byte, so a stream that decodes to more than the original fails as too long.
    let needed = original.count + 1
    if scratch.count < needed {
      scratch.deallocate()
      scratch = .allocate(byteCount: needed, alignment: 16)
    }
    let decoded: Int
    do throws(CodecError) {
      decoded = try decompressor.decompress(
        compressed, into: UnsafeMutableRawBufferPointer(rebasing: scratch[..<needed]))
    } catch .outputTooSmall {
      throw mismatch(inputName, "\(decoderName) decodes it to more than the original \(original.count) bytes")
    } catch {
      throw mismatch(inputName, "\(decoderName) cannot decode it: \(error)")
    }
    guard decoded == original.count else {
      throw mismatch(inputName, "\(decoderName) decodes it to \(decoded) bytes, not \(original.count)")
    }
    guard decoded == 0 || memcmp(scratch.baseAddress!, original.baseAddress!, decoded) == 0 else {
      let offset = (0..<decoded).first { scratch[$0] != original[$0] } ?? 0
      throw mismatch(inputName, "\(decoderName) decodes it to different bytes, first at offset \(offset)")
    }
  }

  /// The same check for arrays.
  public func verify(original: [UInt8], compressed: [UInt8], inputName: String) throws(CodecError) {
    var failure: CodecError?
    original.withUnsafeBytes { originalBytes in
      compressed.withUnsafeBytes { compressedBytes in
        do throws(CodecError) {
          try verify(original: originalBytes, compressed: compressedBytes, inputName: inputName)
        } catch {
          failure = error
        }
      }
    }
    if let failure { throw failure }
  }

  private func mismatch(_ inputName: String, _ detail: String) -> CodecError {
    .verificationMismatch(backend: backendName, level: level, container: container, input: inputName, detail: detail)
  }
}
