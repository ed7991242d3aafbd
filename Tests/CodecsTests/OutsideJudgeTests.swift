import Foundation
import TestSupport
import Testing

@testable import DeflateBenchCodecs

/// Outside programs judge the output: Python's zlib binding, gzip, zstd, brotli and
/// libdeflate-gzip. Each check is skipped, with the reason in the test output, when its program
/// is absent.
@Suite("Outside judges")
struct OutsideJudgeTests {
  static let inputs = TestInputs.realInputs()

  // MARK: - zlib byte identity with Python

  /// For levels 0-9, writes two gzip streams of standard input, each after an 8-byte
  /// little-endian length: what `zlib.compressobj(level, zlib.DEFLATED, 31, 8)` makes, and what
  /// the system libz makes when called directly (through ctypes) the way zlib.h documents for a
  /// single pass: deflateInit2(level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY), an output buffer
  /// of deflateBound() bytes, one deflate(Z_FINISH).
  static let pythonScript = """
    import ctypes, ctypes.util, sys, zlib
    data = sys.stdin.buffer.read()
    out = sys.stdout.buffer
    libz = ctypes.CDLL(ctypes.util.find_library("z"))
    class ZStream(ctypes.Structure):
        _fields_ = [("next_in", ctypes.c_void_p), ("avail_in", ctypes.c_uint), ("total_in", ctypes.c_ulong),
                    ("next_out", ctypes.c_void_p), ("avail_out", ctypes.c_uint), ("total_out", ctypes.c_ulong),
                    ("msg", ctypes.c_char_p), ("state", ctypes.c_void_p), ("zalloc", ctypes.c_void_p),
                    ("zfree", ctypes.c_void_p), ("opaque", ctypes.c_void_p), ("data_type", ctypes.c_int),
                    ("adler", ctypes.c_ulong), ("reserved", ctypes.c_ulong)]
    libz.zlibVersion.restype = ctypes.c_char_p
    libz.deflateBound.restype = ctypes.c_ulong
    libz.deflateBound.argtypes = [ctypes.POINTER(ZStream), ctypes.c_ulong]
    def single_pass(level):
        s = ZStream()
        assert libz.deflateInit2_(ctypes.byref(s), level, 8, 31, 8, 0, libz.zlibVersion(), ctypes.sizeof(s)) == 0
        bound = libz.deflateBound(ctypes.byref(s), len(data))
        source = ctypes.create_string_buffer(data, len(data))
        target = ctypes.create_string_buffer(bound)
        s.next_in, s.avail_in = ctypes.cast(source, ctypes.c_void_p), len(data)
        s.next_out, s.avail_out = ctypes.cast(target, ctypes.c_void_p), bound
        assert libz.deflate(ctypes.byref(s), 4) == 1
        result = target.raw[:s.total_out]
        libz.deflateEnd(ctypes.byref(s))
        return result
    for level in range(10):
        c = zlib.compressobj(level, zlib.DEFLATED, 31, 8)
        for z in (c.compress(data) + c.flush(), single_pass(level)):
            out.write(len(z).to_bytes(8, "little"))
            out.write(z)
    """

  static let python = "/usr/bin/python3"

  /// Levels 1-9: zlib's output does not depend on how a caller feeds it, and ours equals
  /// Python's exactly. Level 0 (stored blocks) does: deflate cuts stored blocks where the
  /// caller's output space runs out, and Python grows its output buffer in steps of its own, so
  /// its block boundaries differ from a single-pass caller's. There the test compares with the
  /// single-pass call into the same libz, and checks that Python's stream carries the same
  /// header, payload and trailer in differently cut stored blocks.
  /// The zlib Python's binding runs on; byte identity is only promised with the same library.
  static let pythonZlibVersion: String? = {
    guard
      let output = try? ProcessRunner.run(python, arguments: ["-c", "import zlib; print(zlib.ZLIB_RUNTIME_VERSION)"])
    else { return nil }
    return output.succeeded ? output.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) : nil
  }()

  @Test(
    .enabled(
      if: pythonZlibVersion == ZlibBackend().version,
      "needs Debian's /usr/bin/python3 with its zlib module on the same zlib as this process"))
  func zlibGzipIsByteIdenticalToPython() throws {
    for (name, input) in Self.inputs {
      let result = try ProcessRunner.run(Self.python, arguments: ["-c", Self.pythonScript], stdin: input)
      try #require(result.succeeded, "python3 failed on \(name): \(result.stderrText)")
      var reader = LengthPrefixedReader(bytes: result.stdout)
      for level in 0...9 {
        guard let compressobj = reader.next(), let singlePass = reader.next() else {
          Issue.record("the Python judge wrote too little output for level \(level) on \(name)")
          return
        }
        let ours = try ZlibBackend().makeCompressor(level: level, container: .gzip).compress(input)
        #expect(ours == singlePass, "zlib level \(level) on \(name) vs a single-pass libz call")
        if level > 0 {
          #expect(
            ours == compressobj, "zlib level \(level) on \(name): \(ours.count) vs Python's \(compressobj.count) bytes")
        } else {
          guard let oursParts = StoredGzip(ours), let pythonParts = StoredGzip(compressobj) else {
            Issue.record("level 0 on \(name) is not a gzip member of stored blocks")
            continue
          }
          #expect(oursParts.header == pythonParts.header && oursParts.trailer == pythonParts.trailer, "\(name)")
          #expect(oursParts.payload == input && pythonParts.payload == input, "\(name)")
        }
      }
    }
  }

  // MARK: - Decoders outside this process

  @Test(.enabled(if: ProcessRunner.isAvailable("gzip"), "needs gzip"))
  func gzipRestoresEveryDeflateBackendAtEveryLevel() throws {
    let (name, input) = Self.inputs[1]
    for backend in BackendRegistry.deflateBackends {
      for level in backend.levels {
        let compressed = try backend.makeCompressor(level: level, container: .gzip).compress(input)
        let result = try ProcessRunner.run("gzip", arguments: ["-dc"], stdin: compressed)
        #expect(result.succeeded, "gzip -dc on \(backend.name) level \(level): \(result.stderrText)")
        #expect(result.stdout == input, "gzip -dc restores \(backend.name) level \(level) on \(name)")
      }
    }
  }

  @Test(.enabled(if: ProcessRunner.isAvailable("zstd"), "needs zstd"))
  func zstdCommandRestoresEveryLevel() throws {
    let (name, input) = Self.inputs[0]
    for level in ZstdBackend().levels {
      let compressed = try ZstdBackend().makeCompressor(level: level, container: .zstd).compress(input)
      let result = try ProcessRunner.run("zstd", arguments: ["-dc"], stdin: compressed)
      #expect(result.succeeded, "zstd -dc, level \(level): \(result.stderrText)")
      #expect(result.stdout == input, "zstd -dc restores level \(level) on \(name)")
    }
  }

  @Test(.enabled(if: ProcessRunner.isAvailable("brotli"), "needs brotli"))
  func brotliCommandRestoresEveryLevel() throws {
    let (name, input) = Self.inputs[1]
    for level in BrotliBackend().levels {
      let compressed = try BrotliBackend().makeCompressor(level: level, container: .br).compress(input)
      let result = try ProcessRunner.run("brotli", arguments: ["-dc"], stdin: compressed)
      #expect(result.succeeded, "brotli -dc, level \(level): \(result.stderrText)")
      #expect(result.stdout == input, "brotli -dc restores level \(level) on \(name)")
    }
  }

  // MARK: - libdeflate's own tool

  /// libdeflate-gzip offers levels 1-12 (it rejects -0). Reading standard input it writes no
  /// file name or time, so the streams match byte for byte, not only in size.
  @Test(.enabled(if: ProcessRunner.isAvailable("libdeflate-gzip"), "needs libdeflate-gzip"))
  func libdeflateSizesMatchLibdeflateGzip() throws {
    for (name, input) in Self.inputs {
      for level in 1...12 {
        let ours = try LibdeflateBackend().makeCompressor(level: level, container: .gzip).compress(input)
        let result = try ProcessRunner.run("libdeflate-gzip", arguments: ["-\(level)", "-c"], stdin: input)
        try #require(result.succeeded, "libdeflate-gzip -\(level): \(result.stderrText)")
        #expect(ours.count == result.stdout.count, "level \(level) on \(name)")
        #expect(ours == result.stdout, "level \(level) on \(name): same bytes")
      }
    }
  }
}

/// Reads the `8-byte little-endian length, bytes` records the Python judge writes.
struct LengthPrefixedReader {
  let bytes: [UInt8]
  var offset = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func next() -> [UInt8]? {
    guard offset + 8 <= bytes.count else { return nil }
    let length = bytes[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
    guard length >= 0, offset + 8 + length <= bytes.count else { return nil }
    defer { offset += 8 + length }
    return Array(bytes[offset + 8..<offset + 8 + length])
  }
}

/// A gzip member made only of stored DEFLATE blocks (zlib level 0), split into its parts.
struct StoredGzip {
  let header: [UInt8]
  let payload: [UInt8]
  let trailer: [UInt8]

  init?(_ member: [UInt8]) {
    guard member.count >= 18, member[0] == 0x1F, member[1] == 0x8B, member[3] == 0 else { return nil }
    var offset = 10
    var payload: [UInt8] = []
    while true {
      // zlib writes each stored block byte-aligned: BFINAL/BTYPE in one byte, then LEN, NLEN.
      guard offset + 5 <= member.count, member[offset] & 0b110 == 0 else { return nil }
      let final = member[offset] & 1 == 1
      let length = Int(member[offset + 1]) | Int(member[offset + 2]) << 8
      let complement = Int(member[offset + 3]) | Int(member[offset + 4]) << 8
      guard length ^ complement == 0xFFFF, offset + 5 + length <= member.count else { return nil }
      payload += member[offset + 5..<offset + 5 + length]
      offset += 5 + length
      if final { break }
    }
    guard member.count - offset == 8 else { return nil }
    self.header = Array(member[..<10])
    self.payload = payload
    self.trailer = Array(member[offset...])
  }
}
