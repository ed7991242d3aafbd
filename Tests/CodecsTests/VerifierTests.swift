import Testing

@testable import DeflateBenchCodecs

@Suite("Verifier")
struct VerifierTests {
  static let input = TestInputs.jsonEvents(count: 50, seed: 61)

  @Test(arguments: BackendRegistry.names)
  func acceptsGoodOutputAndNamesEverythingOnMismatch(name: String) throws {
    let backend = try BackendRegistry.backend(named: name)
    let container = backend.containers[0]
    let level = backend.levels[0]
    let compressed = try backend.makeCompressor(level: level, container: container).compress(Self.input)
    let verifier = try Verifier(backend: backend, level: level, container: container)
    #expect(verifier.decoderName == Verifier.decodingBackend(for: backend)?.name)
    try verifier.verify(original: Self.input, compressed: compressed, inputName: "events.json")

    var altered = Self.input
    altered[100] ^= 0x20
    let error = try #require(throws: CodecError.self) {
      try verifier.verify(original: altered, compressed: compressed, inputName: "events.json")
    }
    guard
      case .verificationMismatch(let reportedBackend, let reportedLevel, let reportedContainer, let input, let detail) =
        error
    else {
      Issue.record("\(error)")
      return
    }
    #expect(reportedBackend == name && reportedLevel == level && reportedContainer == container)
    #expect(input == "events.json")
    #expect(detail.contains("first at offset 100"), "\(detail)")
    #expect(
      error.description.hasPrefix("verification failed for \(name) level \(level) \(container.rawValue) on events.json")
    )
    // Every byte is compared, the last one too.
    var lastAltered = Self.input
    lastAltered[lastAltered.count - 1] ^= 0x01
    let last = try #require(throws: CodecError.self) {
      try verifier.verify(original: lastAltered, compressed: compressed, inputName: "events.json")
    }
    #expect("\(last)".contains("first at offset \(Self.input.count - 1)"), "\(last)")
  }

  @Test func reportsLengthAndDecodeFailures() throws {
    let backend = ZlibBackend()
    let compressed = try backend.makeCompressor(level: 6, container: .gzip).compress(Self.input)
    let verifier = try Verifier(backend: backend, level: 6, container: .gzip)
    let shorter = Array(Self.input.dropLast())
    #expect(throws: CodecError.self) {
      try verifier.verify(original: shorter, compressed: compressed, inputName: "x")
    }
    do {
      try verifier.verify(original: Self.input + [0], compressed: compressed, inputName: "x")
      Issue.record("a longer original passed")
    } catch {
      #expect("\(error)".contains("libdeflate decodes it to \(Self.input.count) bytes, not \(Self.input.count + 1)"))
    }
    do {
      try verifier.verify(original: Self.input, compressed: Array(compressed.dropLast(3)), inputName: "x")
      Issue.record("a truncated stream passed")
    } catch {
      // libdeflate reads a missing trailer's bytes as zeros, so it may report "more than the
      // original" rather than a decode error; either way the mismatch names the decoder.
      #expect("\(error)".contains("verification failed for zlib level 6 gzip on x: libdeflate"))
    }
  }
}
