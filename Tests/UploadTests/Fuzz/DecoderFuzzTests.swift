import DeflateBenchCodecs
import DeflateBenchSupport
import Testing

/// Random and mutated bodies through each streaming decoder the server uses (and a chain of
/// two, as `Content-Encoding: gzip, br` makes), fed in random
/// pieces: no crash, no hang, never a decoded byte past the configured limits (size and ratio),
/// counters that agree with what the sink received, and unmutated streams decoded exactly (or,
/// for the bomb among them, refused at the limit).
@Suite("Fuzz: the streaming decoders", .serialized)
struct DecoderFuzzTests {
  /// Small limits, so bombs and long outputs meet them within a few milliseconds.
  static let limits = StreamingDecodeLimits(maxDecodedBytes: 1 << 20, maxRatio: 1000, ratioGraceBytes: 64 << 10)

  /// A valid body and what it decodes to.
  struct Sample: Sendable {
    let encoded: [UInt8]
    let original: [UInt8]
  }

  /// The uncompressed bodies every coding's seeds are made from: JSON of several sizes, noise
  /// that does not compress, and 3 MiB of zeros, a bomb for the 1 MiB limit.
  static let originals: [[UInt8]] = {
    var generator = Xoshiro256StarStar(seed: 16, stream: "fuzz-originals")
    var noise = [UInt8](repeating: 0, count: 3000)
    noise.withUnsafeMutableBytes { generator.fill($0) }
    return [[], Array("{}".utf8), TestBodies.json(bytes: 500), TestBodies.json(bytes: 60_000), noise]
      + [[UInt8](repeating: 0, count: 3 << 20)]
  }()

  /// Valid streams per coding, made by the libraries the harness measures (zlib, zstd, brotli)
  /// at a fast and a slow level.
  static let samples: [String: [Sample]] = {
    func encode(_ backend: String, _ container: Container, levels: [Int]) -> [Sample] {
      levels.flatMap { level in
        originals.map { original in
          let compressor = try! BackendRegistry.backend(named: backend).makeCompressor(
            level: level, container: container)
          return Sample(encoded: try! compressor.compress(original), original: original)
        }
      }
    }
    return [
      "gzip": encode("zlib", .gzip, levels: [1, 9]),
      // `deflate` bodies are zlib streams or, as browsers send, raw DEFLATE.
      "deflate": encode("zlib", .zlib, levels: [6]) + encode("zlib", .raw, levels: [6]),
      "zstd": encode("zstd", .zstd, levels: [1, 19]),
      "br": encode("brotli", .br, levels: [1, 11]),
      "identity": originals.map { Sample(encoded: $0, original: $0) },
      // Two stacked codings, gzip applied first: the server's decoder chain.
      "gzip, br": zip(encode("zlib", .gzip, levels: [6]), originals).map { gzip, original in
        let brotli = try! BackendRegistry.backend(named: "brotli").makeCompressor(level: 5, container: .br)
        return Sample(encoded: try! brotli.compress(gzip.encoded), original: original)
      },
    ]
  }()

  @Test("random and mutated bodies", arguments: ["gzip", "deflate", "zstd", "br", "identity", "gzip, br"])
  func mutatedBodies(coding: String) throws {
    let samples = try #require(Self.samples[coding])
    let seeds = samples.map(\.encoded)
    let report = FuzzRun.run(coding, seconds: FuzzRun.secondsPerTarget) { generator in
      if generator.chance(10) {
        let sample = generator.pick(samples)
        return Self.expectOriginal(sample, coding: coding, using: &generator)
      }
      let input = FuzzMutator.input(from: seeds, maxLength: 1 << 17, using: &generator)
      return Self.decode(input, coding: coding, using: &generator).failure
    }
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.inputs > 0)
  }

  /// An unmutated stream decodes to exactly its original, or is refused at a limit when the
  /// original is larger than the limits allow.
  static func expectOriginal(_ sample: Sample, coding: String, using generator: inout Xoshiro256StarStar) -> String? {
    let decoded = decode(sample.encoded, coding: coding, keepOutput: true, using: &generator)
    if let failure = decoded.failure { return failure }
    let overLimit =
      sample.original.count > limits.maxDecodedBytes
      || (sample.original.count > limits.ratioGraceBytes
        && Double(sample.original.count) > limits.maxRatio! * Double(sample.encoded.count))
    switch decoded.error {
    case nil where overLimit:
      return "a \(sample.original.count)-byte original passed the limits"
    case nil:
      return decoded.output == sample.original ? nil : "a valid stream decoded to other bytes"
    case let error?:
      let atLimit: Bool
      switch error {
      case .decodedTooLarge, .ratioTooHigh: atLimit = true
      default: atLimit = false
      }
      return atLimit && overLimit ? nil : "a valid \(sample.encoded.count)-byte stream failed: \(error)"
    }
  }

  struct Decoded {
    var output: [UInt8] = []
    var error: StreamingDecodeError?
    /// A broken promise of the decoder, in words; nil when it behaved.
    var failure: String?
  }

  /// Feeds `input` in random pieces, then finishes, checking the limits after every piece the
  /// sink receives.
  static func decode(
    _ input: [UInt8], coding: String, keepOutput: Bool = false, using generator: inout Xoshiro256StarStar
  ) -> Decoded {
    var decoded = Decoded()
    let decoder: any StreamingDecoder
    do throws(StreamingDecodeError) {
      decoder = try HTTPContentCoding.decoder(forHeader: coding, limits: limits)
    } catch {
      decoded.failure = "no decoder: \(error)"
      return decoded
    }
    var received = 0
    var limitBroken: String?
    let sink: StreamingSink = { (piece) throws(StreamingDecodeError) in
      received += piece.count
      if keepOutput { decoded.output += piece }
      if received > limits.maxDecodedBytes {
        limitBroken = "\(received) bytes decoded past the \(limits.maxDecodedBytes)-byte limit"
      } else if received > limits.ratioGraceBytes, Double(received) > limits.maxRatio! * Double(input.count) {
        limitBroken = "\(received) bytes decoded from \(input.count): past the ratio limit"
      }
    }
    var start = 0
    do throws(StreamingDecodeError) {
      while start < input.count {
        let left = input.count - start
        let size = generator.chance(30) ? left : generator.int(in: 1...min(left, 4096))
        let fed: Result<Void, StreamingDecodeError> = input[start..<(start + size)].withUnsafeBytes { piece in
          Result { () throws(StreamingDecodeError) in try decoder.feed(piece, into: sink) }
        }
        try fed.get()
        start += size
      }
      try decoder.finish(into: sink)
    } catch {
      decoded.error = error
    }
    if let limitBroken {
      decoded.failure = limitBroken
    } else if decoder.consumedBytes > input.count {
      decoded.failure = "consumed \(decoder.consumedBytes) of \(input.count) bytes"
    } else if decoder.producedBytes < received || (decoded.error == nil && decoder.producedBytes != received) {
      decoded.failure = "produced \(decoder.producedBytes) bytes, the sink received \(received)"
    }
    return decoded
  }
}
