import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation
import TestSupport
import Testing

/// Every streaming compressor against outside decoders at the sizes where its buffers turn over
/// (issue #39): inputs of 2^k - 1, 2^k and 2^k + 1 bytes (k = 10 ... 20: zlib's and ISA-L's 32 KiB
/// history, zlib's 64 KiB pending buffer, zstd's 128 KiB block) of text, JSON and random data in
/// 64 KiB chunks, each flushed; and random inputs sized so that the output of one call is exactly
/// the compressors' 64 KiB output buffer or twice it, and one byte either side, once as the
/// finishing call and once as a flushed chunk followed by a last one. Every stream is decoded by
/// a program that is not ours (GNU gzip, Python's zlib for zlib and raw DEFLATE, the zstd and
/// brotli commands, each run once over all its files) and must give back the input exactly.
@Suite("Streaming compressors at every buffer boundary, against outside decoders")
struct StreamingCompressorBoundaryTests {
  struct Compressor {
    var backend: any CompressionBackend
    var container: Container
    var level: Int
    var label: String { "\(backend.name) \(container.rawValue) level \(level)" }
  }

  /// Each backend's default level, brotli's at 5 (its default 11 takes seconds per megabyte).
  static let compressors: [Compressor] = {
    let deflate: [Container] = [.gzip, .zlib, .raw]
    let backends: [(any CompressionBackend, [Container], Int)] = [
      (ZlibBackend(), deflate, 6), (ZlibNgBackend(), deflate, 6), (IsalBackend(), deflate, 1),
      (ZstdBackend(), [.zstd], 3), (BrotliBackend(), [.br], 5),
    ]
    return backends.flatMap { backend, containers, level in
      containers.map { Compressor(backend: backend, container: $0, level: level) }
    }
  }()

  /// The chunk the power-of-two inputs are fed in: the output buffer's size, so every chunk's
  /// flush of random data spills just past one buffer.
  static let chunkBytes = streamingOutputBufferBytes

  /// One written stream: what it should decode to.
  struct Stream {
    var file: String
    var kind: BoundaryInputs.Kind
    var size: Int
    var how: String
  }

  @Test(
    "power-of-two inputs and outputs that fill the output buffer exactly decode with the outside tools",
    .enabled(
      if: Judge.areAvailable(.gzip, .zstd, .brotli, .python3),
      Comment(rawValue: Judge.missing(.gzip, .zstd, .brotli, .python3))))
  func everyCompressorAtEveryBoundary() throws {
    let scratch = try ScratchDirectory("compressor-boundaries")
    var streams: [Stream] = []
    var failures: [String] = []
    for (index, compressor) in Self.compressors.enumerated() {
      let streaming = try #require(
        try compressor.backend.makeStreamingCompressor(level: compressor.level, container: compressor.container))
      func write(_ kind: BoundaryInputs.Kind, _ size: Int, _ how: String, _ stream: [UInt8]) throws {
        let file = "\(index)-\(streams.count).\(Self.suffix(compressor.container))"
        try scratch.write(file, stream)
        streams.append(Stream(file: file, kind: kind, size: size, how: "\(compressor.label), \(how)"))
      }
      for kind in BoundaryInputs.Kind.allCases {
        for size in BoundaryInputs.sizes {
          let stream = try streaming.compressAll(
            Array(BoundaryInputs.body(kind, count: size)), chunkBytes: Self.chunkBytes)
          try write(kind, size, "\(kind.rawValue) \(size) bytes in \(Self.chunkBytes)-byte chunks", stream)
        }
      }
      for buffers in [1, 2] {
        let target = buffers * streamingOutputBufferBytes
        for finishing in [true, false] {
          let how = finishing ? "the finishing call" : "a flushed chunk"
          guard let exact = try Self.inputFilling(target, finishing: finishing, with: streaming) else {
            failures.append("\(compressor.label): no random input makes \(how) write exactly \(target) bytes")
            continue
          }
          for size in BoundaryInputs.around(exact) {
            let stream = try Self.compress(size, finishing: finishing, with: streaming).stream
            try write(
              .random, finishing ? size : size + 1000,
              "\(how) of \(size) random bytes (\(target) bytes out at \(exact))", stream)
          }
        }
      }
    }
    let toolErrors = try Self.decodeWithOutsideTools(streams.map(\.file), in: scratch)
    for stream in streams {
      let decodedFile = scratch.path((stream.file as NSString).deletingPathExtension)
      guard let decoded = FileManager.default.contents(atPath: decodedFile) else {
        failures.append("\(stream.how): not decoded (\(toolErrors[Self.tool(for: stream.file)] ?? ""))")
        continue
      }
      let original = BoundaryInputs.body(stream.kind, count: stream.size)
      let same =
        decoded.count == original.count
        && decoded.withUnsafeBytes { left in
          original.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, original.count) == 0 }
        }
      if !same { failures.append("\(stream.how): decoded to \(decoded.count) bytes that differ from the input") }
    }
    if !failures.isEmpty {
      Issue.record(
        "\(failures.count) of \(streams.count) streams failed:\n\(failures.prefix(20).joined(separator: "\n"))")
    }
  }

  /// Compresses the first `size` random bytes in one call (`finishing`), or as one flushed chunk
  /// followed by a last chunk of 1000 bytes; returns the stream and how many bytes the first
  /// call's flush or finish took. A DEFLATE library whose sync flush fills the buffer exactly is
  /// called again and writes one more empty stored block (at most 8 bytes, in a piece of its
  /// own): that piece is not part of the flush that met the boundary.
  static func compress(_ size: Int, finishing: Bool, with compressor: any StreamingCompressor) throws
    -> (stream: [UInt8], firstCall: Int)
  {
    let input = Array(BoundaryInputs.body(.random, count: finishing ? size : size + 1000))
    var stream: [UInt8] = []
    var firstCall = 0
    var lastPiece = 0
    var result: Result<Void, CodecError> = .success(())
    input.withUnsafeBytes { bytes in
      do throws(CodecError) {
        try compressor.reset()
        try compressor.compress(chunk: UnsafeRawBufferPointer(rebasing: bytes[..<size]), last: finishing) {
          stream.append(contentsOf: $0)
          lastPiece = $0.count
        }
        firstCall = stream.count
        if stream.count > lastPiece, lastPiece <= 8, (stream.count - lastPiece) % streamingOutputBufferBytes == 0 {
          firstCall -= lastPiece
        }
        guard !finishing else { return }
        try compressor.compress(chunk: UnsafeRawBufferPointer(rebasing: bytes[size...]), last: true) {
          stream.append(contentsOf: $0)
        }
      } catch {
        result = .failure(error)
      }
    }
    try result.get()
    return (stream, firstCall)
  }

  /// The random input size whose first call writes exactly `target` bytes, or nil. Random bytes
  /// cost their size plus a few bytes of framing, so the size is found by stepping by the miss.
  static func inputFilling(_ target: Int, finishing: Bool, with compressor: any StreamingCompressor) throws -> Int? {
    var size = target
    var tried: Set<Int> = []
    while tried.insert(size).inserted, size > 0 {
      let written = try compress(size, finishing: finishing, with: compressor).firstCall
      if written == target { return size }
      size += target - written
    }
    // Stepping went round in a circle: the sizes either side of the target, one at a time.
    for size in (target - 512)...(target + 64)
    where try compress(size, finishing: finishing, with: compressor).firstCall == target {
      return size
    }
    return nil
  }

  static func suffix(_ container: Container) -> String {
    switch container {
    case .gzip: "gz"
    case .zlib: "zlib"
    case .raw: "raw"
    case .zstd: "zst"
    default: "br"
    }
  }

  static func tool(for file: String) -> String {
    switch (file as NSString).pathExtension {
    case "gz": "gzip"
    case "zst": "zstd"
    case "br": "brotli"
    default: "python3"
    }
  }

  /// Runs each outside decoder once over its files; each writes the decoded file beside the
  /// stream, without the suffix. A tool that fails on a file goes on with the others (its
  /// message is kept for the report), so one bad stream does not hide the rest.
  static func decodeWithOutsideTools(_ files: [String], in scratch: ScratchDirectory) throws -> [String: String] {
    let python = """
      import sys, zlib
      for name in sys.argv[1:]:
          decoder = zlib.decompressobj(15 if name.endswith(".zlib") else -15)
          data = decoder.decompress(open(name, "rb").read())
          if not decoder.eof or decoder.unused_data:
              print(name, "does not end where its stream ends", file=sys.stderr)
              continue
          open(name.rsplit(".", 1)[0], "wb").write(data)
      """
    let runs: [(String, [String], String)] = [
      ("gzip", ["-d", "-k", "-f"], "gz"), ("zstd", ["-d", "-q", "-k", "-f"], "zst"),
      ("brotli", ["-d", "-k", "-f"], "br"),
    ]
    var errors: [String: String] = [:]
    for (tool, arguments, suffix) in runs {
      let mine = files.filter { $0.hasSuffix("." + suffix) }
      let output = try ProcessRunner.run(tool, arguments: arguments + mine, currentDirectory: scratch.url.path)
      if !output.succeeded { errors[tool] = "\(tool): \(output.stderrText)" }
    }
    let deflate = files.filter { $0.hasSuffix(".zlib") || $0.hasSuffix(".raw") }
    let output = try ProcessRunner.run(
      Judge.python3.path ?? "python3", arguments: ["-c", python] + deflate, currentDirectory: scratch.url.path)
    if !output.succeeded || !output.stderr.isEmpty { errors["python3"] = "Python's zlib: \(output.stderrText)" }
    return errors
  }
}
