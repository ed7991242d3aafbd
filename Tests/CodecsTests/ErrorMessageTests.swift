import DeflateBenchSupport
import Testing

@testable import DeflateBenchCodecs

@Suite("Errors a user sees")
struct ErrorMessageTests {
  @Test func unsupportedLevelSaysTheRange() throws {
    let cases: [(String, Int, String)] = [
      ("zlib", 10, "zlib has no level 10; its levels are 0-9"),
      ("libdeflate", 13, "libdeflate has no level 13; its levels are 0-12"),
      ("isal", 4, "isal has no level 4; its levels are 0-3"),
      ("zopfli", 0, "zopfli has no level 0; its levels are 1-4"),
      ("zstd", 0, "zstd has no level 0; its levels are -7--1, 1-22"),
      ("zstd", -8, "zstd has no level -8; its levels are -7--1, 1-22"),
      ("brotli", 12, "brotli has no level 12; its levels are 0-11"),
    ]
    for (name, level, message) in cases {
      let backend = try BackendRegistry.backend(named: name)
      #expect(throws: CodecError.unsupportedLevel(backend: name, level: level, supported: backend.levels)) {
        try backend.makeCompressor(level: level, container: backend.containers[0])
      }
      #expect(
        CodecError.unsupportedLevel(backend: name, level: level, supported: backend.levels).description == message)
    }
  }

  @Test func unsupportedContainerSaysWhatTheBackendWrites() throws {
    let cases: [(String, Container, String)] = [
      ("zlib", .zstd, "zlib cannot write the zstd container; it writes gzip, zlib, raw"),
      ("zstd", .gzip, "zstd cannot write the gzip container; it writes zstd"),
      ("brotli", .raw, "brotli cannot write the raw container; it writes br"),
      ("isal", .br, "isal cannot write the br container; it writes gzip, zlib, raw"),
    ]
    for (name, container, message) in cases {
      let backend = try BackendRegistry.backend(named: name)
      let expected = CodecError.unsupportedContainer(backend: name, container: container, supported: backend.containers)
      #expect(throws: expected) { try backend.makeCompressor(level: backend.defaultLevel, container: container) }
      #expect(throws: expected) { try backend.makeDecompressor(container: container) }
      #expect(expected.description == message)
    }
  }

  @Test func zopfliRefusesInputsAboveItsLimit() throws {
    let compressor = try ZopfliBackend().makeCompressor(level: 1, container: .gzip)
    let input = [UInt8](repeating: 0, count: ZopfliBackend.inputLimit + 1)
    let expected = CodecError.inputTooLarge(backend: "zopfli", bytes: input.count, limit: ZopfliBackend.inputLimit)
    #expect(throws: expected) { try compressor.compress(input) }
    #expect(expected.description == "zopfli refuses inputs above 4194304 bytes; this input has 4194305 bytes")
  }

  @Test(arguments: Cell.fastest)
  func outputBufferBelowTheBoundIsReportedNotOverrun(cell: Cell) throws {
    let compressor = try cell.backend.makeCompressor(level: cell.level, container: cell.container)
    let input = TestInputs.random(count: 2_000, seed: 51)
    // A guard region after the buffer proves nothing writes past the capacity it was given.
    var buffer = [UInt8](repeating: 0xEE, count: 1_064)
    #expect(throws: CodecError.outputTooSmall(backend: cell.backendName, capacity: 1_000)) {
      try input.withUnsafeBytes { source in
        try buffer.withUnsafeMutableBytes { target in
          _ = try compressor.compress(source, into: UnsafeMutableRawBufferPointer(rebasing: target[..<1_000]))
        }
      }
    }
    #expect(buffer[1_000...].allSatisfy { $0 == 0xEE }, "\(cell) wrote past the buffer")
    // The compressor still works after a failed call.
    try roundTrip(input, with: compressor, cell: cell, inputName: "2000 random bytes after a failed call")
  }

  @Test func oneCallCodecUsesDefaults() throws {
    let input = TestInputs.jsonEvents(count: 30, seed: 52)
    for name in BackendRegistry.names {
      let compressed = try Codec.compress(input, backend: name)
      #expect(try Codec.decompress(compressed, backend: name) == input, "\(name)")
    }
    #expect(throws: CodecError.unknownBackend(name: "no-such-codec", known: BackendRegistry.names)) {
      try Codec.compress(input, backend: "no-such-codec")
    }
  }

  @Test func corruptInputMessagesNameBackendContainerAndCause() throws {
    let garbage: [UInt8] = Array("this is not compressed".utf8)
    for name in ["zlib", "libdeflate", "isal", "zopfli"] {
      let error = try #require(throws: CodecError.self) {
        try Codec.decompress(garbage, backend: name, container: .gzip)
      }
      guard case .corruptInput(let backend, let container, let detail) = error else {
        Issue.record("\(name): \(error)")
        continue
      }
      #expect(backend == name && container == .gzip && !detail.isEmpty)
      #expect(error.description.hasPrefix("\(name): the input is not a valid gzip stream ("))
    }
    let zstdError = try #require(throws: CodecError.self) { try Codec.decompress(garbage, backend: "zstd") }
    #expect(zstdError.description == "zstd: the input is not a valid zstd stream (zstd: Unknown frame descriptor)")
  }
}
