import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCodecs

/// zlib-ng's backend: every level and container decoded by the system zlib (a different
/// implementation) and by `gzip -d`, byte identity with a single pass into the same libz-ng
/// from Python, Python's `zlib_ng` module as a decoder where installed, memory, and errors.
@Suite("zlib-ng backend")
struct ZlibNgTests {
  static let inputs = TestInputs.realInputs() + [("empty", []), ("one byte", [7])]
  static let backend = ZlibNgBackend()

  @Test func declaresItsLevelsContainersVerifierAndLoop() {
    #expect(Self.backend.name == "zlib-ng")
    #expect(Self.backend.levels == Array(0...9))
    #expect(Self.backend.defaultLevel == 6)
    #expect(Self.backend.containers == [.gzip, .zlib, .raw])
    #expect(Self.backend.verifier == .backend("zlib"))
    #expect(Self.backend.calibrationLoop != nil)
    #expect(Self.backend.hasStreamingCompressor)
    // setup.sh installs 2.3.3 where the distribution has no package; a distribution's may differ.
    #expect(Self.backend.version.hasPrefix("2."), "\(Self.backend.version)")
  }

  @Test func everyLevelAndContainerDecodesWithZlibAndItsOwnInflate() throws {
    for (name, input) in Self.inputs {
      for container in Self.backend.containers {
        let zlib = try ZlibBackend().makeDecompressor(container: container)
        let own = try Self.backend.makeDecompressor(container: container)
        for level in Self.backend.levels {
          let compressed = try Self.backend.makeCompressor(level: level, container: container).compress(input)
          let label = "\(name) \(container) level \(level)"
          #expect(try zlib.decompress(compressed, expectedSize: input.count) == input, "\(label): zlib")
          #expect(try own.decompress(compressed, expectedSize: input.count) == input, "\(label): zlib-ng")
        }
      }
    }
  }

  @Test func higherLevelsWriteSmallerTextAndTheCompressorIsReusable() throws {
    let text = try #require(Self.inputs.first).bytes
    let sizes = try Self.backend.levels.map {
      try Self.backend.makeCompressor(level: $0, container: .gzip).compress(text).count
    }
    #expect(sizes[0] > text.count, "level 0 stores")
    #expect(sizes[9] < sizes[1] && sizes[6] < sizes[1], "\(sizes)")
    let compressor = try Self.backend.makeCompressor(level: 6, container: .zlib)
    let first = try compressor.compress(text)
    #expect(try compressor.compress(text) == first, "a reset stream writes the same bytes again")
    #expect((compressor.peakMemoryBytes ?? 0) > 64 << 10, "zlib-ng's state is counted through zalloc")
  }

  @Test(.enabled(if: ProcessRunner.isAvailable("gzip"), "needs gzip"))
  func gzipDecodesEveryLevel() throws {
    for (name, input) in Self.inputs {
      for level in Self.backend.levels {
        let compressed = try Self.backend.makeCompressor(level: level, container: .gzip).compress(input)
        let judged = try ProcessRunner.run("gzip", arguments: ["-d", "-c"], stdin: compressed)
        #expect(judged.succeeded && judged.stdout == input, "\(name) level \(level): \(judged.stderrText)")
      }
    }
  }

  /// The libz-ng this process loaded, called from Python through ctypes the way zlib-ng.h
  /// documents a single pass: zng_deflateInit2(level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY), an
  /// output buffer of zng_deflateBound() bytes, one zng_deflate(Z_FINISH). Prints one hex stream
  /// per level 0-9. Python's own `zlib_ng` module cannot be the reference for every level: it
  /// grows its output buffer in steps, and zlib-ng's levels 5 and 6 end blocks where the output
  /// space runs out, so its sizes there differ by a byte or two (docs/zlib-ng.md).
  static let singlePassScript = """
    import ctypes, sys
    sys.path.insert(0, sys.argv[1])
    from zlib_ng_ctypes import Stream as S, lib
    data = sys.stdin.buffer.read()
    print(lib.zlibng_version().decode())
    for level in range(10):
        s = S()
        assert lib.zng_deflateInit2(ctypes.byref(s), level, 8, 31, 8, 0) == 0
        bound = lib.zng_deflateBound(ctypes.byref(s), len(data))
        source, target = ctypes.create_string_buffer(data, len(data)), ctypes.create_string_buffer(bound)
        s.next_in, s.avail_in = ctypes.cast(source, ctypes.c_void_p), len(data)
        s.next_out, s.avail_out = ctypes.cast(target, ctypes.c_void_p), bound
        assert lib.zng_deflate(ctypes.byref(s), 4) == 1
        print(target.raw[:s.total_out].hex())
        lib.zng_deflateEnd(ctypes.byref(s))
    """

  /// scripts/, where `zlib_ng_ctypes.py` binds libz-ng for the script above and the scripts.
  static let scripts = DeflateBenchExecutable.packageRoot.appendingPathComponent("scripts").path

  static let libzNgFoundByPython =
    (try? ProcessRunner.run(
      "/usr/bin/python3", arguments: ["-c", "import ctypes.util, sys; sys.exit(not ctypes.util.find_library('z-ng'))"]
    ))?.succeeded == true

  @Test(.enabled(if: libzNgFoundByPython, "needs /usr/bin/python3 and a libz-ng that ctypes finds"))
  func aSinglePassIntoLibzNgWritesTheSameBytes() throws {
    let text = try #require(Self.inputs.first).bytes
    let result = try ProcessRunner.run(
      "/usr/bin/python3", arguments: ["-c", Self.singlePassScript, Self.scripts], stdin: text)
    try #require(result.succeeded, "\(result.stderrText)")
    let lines = result.stdoutText.split(separator: "\n").map(String.init)
    try #require(lines.count == 11)
    #expect(lines[0] == Self.backend.version)
    for level in 0...9 {
      let ours = try Self.backend.makeCompressor(level: level, container: .gzip).compress(text)
      #expect(ours.map { String(format: "%02x", $0) }.joined() == lines[level + 1], "level \(level)")
    }
  }

  /// Python's `zlib_ng` module (PyPI `zlib-ng`, the package whose sources scripts/install-zlib-ng.sh
  /// builds the library from; it installs the module too) decodes every level, and carries the
  /// zlib-ng version we link.
  @Test(.enabled(if: Judge.pythonZlibNg.isAvailable, Comment(rawValue: Judge.pythonZlibNg.missing)))
  func pythonZlibNgDecodesEveryLevel() throws {
    let python = try #require(Judge.pythonZlibNg.path)
    let version = try ProcessRunner.run(
      python, arguments: ["-c", "from zlib_ng import zlib_ng; print(zlib_ng.ZLIBNG_VERSION)"])
    #expect(version.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == Self.backend.version)
    let text = try #require(Self.inputs.first).bytes
    for level in Self.backend.levels {
      let ours = try Self.backend.makeCompressor(level: level, container: .zlib).compress(text)
      let result = try ProcessRunner.run(
        python,
        arguments: [
          "-c",
          "import sys; from zlib_ng import zlib_ng; "
            + "sys.stdout.buffer.write(zlib_ng.decompress(sys.stdin.buffer.read()))",
        ], stdin: ours)
      #expect(result.succeeded && result.stdout == text, "level \(level): \(result.stderrText)")
    }
  }

  @Test func corruptTruncatedAndOversizedInputsAreReported() throws {
    let text = Array(try #require(Self.inputs.first).bytes.prefix(20_000))
    let compressed = try Self.backend.makeCompressor(level: 6, container: .gzip).compress(text)
    let decoder = try Self.backend.makeDecompressor(container: .gzip)
    #expect(throws: CodecError.self) { try decoder.decompress(Array(compressed.dropLast(4)), expectedSize: nil) }
    var flipped = compressed
    flipped[flipped.count - 6] ^= 0xFF
    #expect(throws: CodecError.self) { try decoder.decompress(flipped, expectedSize: nil) }
    #expect(throws: CodecError.outputTooSmall(backend: "zlib-ng", capacity: 100)) {
      try decoder.decompress(compressed, expectedSize: 100)
    }
    #expect(throws: CodecError.self) { try decoder.decompress(compressed + [0], expectedSize: text.count) }
    // The decoder recovers: the next good stream decodes.
    #expect(try decoder.decompress(compressed, expectedSize: text.count) == text)
    let tiny = try Self.backend.makeCompressor(level: 6, container: .gzip)
    var small = [UInt8](repeating: 0, count: 10)
    #expect(throws: CodecError.outputTooSmall(backend: "zlib-ng", capacity: 10)) {
      try text.withUnsafeBytes { input in
        try small.withUnsafeMutableBytes { output in _ = try tiny.compress(input, into: output) }
      }
    }
  }

  /// zlib-ng's streaming inflate decodes zlib's output (another implementation) fed in pieces of
  /// every size, both members of a two-member gzip file, and refuses a cut-off body, bytes after
  /// a zlib stream and output past the limit.
  @Test func streamingDecodeReadsZlibOutputInPiecesAndRefusesBadEnds() throws {
    let input = try #require(Self.inputs.max { $0.1.count < $1.1.count }).1
    let limits = StreamingDecodeLimits(maxDecodedBytes: 1 << 30, maxRatio: nil, ratioGraceBytes: 0)
    func decode(_ encoded: [UInt8], _ container: Container, piece: Int, limits: StreamingDecodeLimits = limits)
      throws -> [UInt8]
    {
      let decoder = try #require(try Self.backend.makeStreamingDecoder(container: container, limits: limits))
      var output: [UInt8] = []
      let sink: StreamingSink = { output.append(contentsOf: $0) }
      var offset = 0
      while offset < encoded.count {
        let end = min(offset + piece, encoded.count)
        try encoded[offset..<end].withUnsafeBytes { try decoder.feed($0, into: sink) }
        offset = end
      }
      try decoder.finish(into: sink)
      return output
    }
    for container in Self.backend.containers {
      let body = try ZlibBackend().makeCompressor(level: 6, container: container).compress(input)
      let encoded = container == .gzip ? body + body : body
      let expected = container == .gzip ? input + input : input
      for piece in [1, 7, 4096, encoded.count] {
        #expect(try decode(encoded, container, piece: piece) == expected, "\(container) in pieces of \(piece)")
      }
      let coding = container == .gzip ? "gzip" : "deflate"
      #expect(throws: StreamingDecodeError.truncated(coding: coding)) {
        try decode(Array(encoded.dropLast(3)), container, piece: 4096)
      }
      let small = StreamingDecodeLimits(maxDecodedBytes: 1000, maxRatio: nil, ratioGraceBytes: 0)
      #expect(throws: StreamingDecodeError.decodedTooLarge(limit: 1000)) {
        try decode(encoded, container, piece: 4096, limits: small)
      }
    }
    let zlibBody = try ZlibBackend().makeCompressor(level: 6, container: .zlib).compress(input)
    #expect {
      try decode(zlibBody + [1, 2, 3], .zlib, piece: 4096)
    } throws: { error in
      guard case .corrupt(_, let detail) = error as? StreamingDecodeError else { return false }
      return detail.contains("3 bytes follow")
    }
  }
}
