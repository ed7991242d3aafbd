import DeflateBenchSupport
import Foundation
import TestSupport

/// Every `BoundaryInputs` body in every content coding `serve` takes, encoded by programs that are
/// not ours: the gzip, zstd and brotli commands, Python's zlib for `deflate` (zlib and raw
/// DEFLATE), `zstd -D` behind the RFC 9842 header for `dcz`, and gzip then zstd for the chained
/// `gzip, zstd`. Each program runs once over all the files (a hundred bodies per process), so
/// encoding takes seconds; the files are read back and the folder is left to its owner.
struct OutsideEncodedBodies {
  /// One way a body is sent: its `Content-Encoding` (nil for none) and where its encoded form is.
  struct Coding: Sendable {
    var label: String
    var header: String?
    /// The encoded file of the plain file `name`, relative to the folder.
    var file: @Sendable (String) -> String
    /// Bytes sent before the file's (the dcz header).
    var prefix: [UInt8] = []
  }

  struct Body {
    var kind: BoundaryInputs.Kind
    var size: Int
    var coding: Coding
    var encoded: [UInt8]
    /// SHA-256 of the decoded body as Python's hashlib computes it, in hex.
    var sha256: String
    var original: ArraySlice<UInt8> { BoundaryInputs.body(kind, count: size) }
    var name: String { "\(kind.rawValue) \(size) bytes as \(coding.label)" }
  }

  /// A raw-content dictionary for `dcz`: JSON cut from past the largest body, so no body is
  /// merely a copy of it.
  static let dictionary = Array(BoundaryInputs.body(.json, count: BoundaryInputs.sizes.max()! + 1000).suffix(999))

  static func codings(dictionary: [UInt8]) -> [Coding] {
    [
      Coding(label: "identity", header: nil, file: { $0 }),
      Coding(label: "gzip (gzip -6)", header: "gzip", file: { $0 + ".gz" }),
      Coding(label: "deflate as zlib (Python's zlib)", header: "deflate", file: { $0 + ".zlib" }),
      Coding(label: "deflate as raw DEFLATE (Python's zlib)", header: "deflate", file: { $0 + ".raw" }),
      Coding(label: "zstd (zstd -3)", header: "zstd", file: { $0 + ".zst" }),
      Coding(label: "br (brotli -q 5)", header: "br", file: { $0 + ".br" }),
      Coding(
        label: "dcz (zstd -3 -D)", header: "dcz", file: { "dcz/\($0).zst" },
        prefix: DczFrameHeader.bytes(for: dictionary)),
      Coding(label: "gzip, zstd (gzip -6 then zstd -3)", header: "gzip, zstd", file: { "chain/\($0).gz.zst" }),
    ]
  }

  let bodies: [Body]

  /// Writes every body into `folder`, runs the encoders, and reads the results back.
  init(in folder: URL, dictionaryPath: String) throws {
    let names = BoundaryInputs.Kind.allCases.flatMap { kind in
      BoundaryInputs.sizes.map { (kind, $0, "\(kind.rawValue)-\($0)") }
    }
    for (kind, size, name) in names {
      try Data(BoundaryInputs.body(kind, count: size)).write(to: folder.appendingPathComponent(name))
    }
    let plain = names.map(\.2)
    // zstd 1.5.4 does not create an --output-dir-flat folder (it crashes on a missing one).
    for output in ["dcz", "chain"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(output), withIntermediateDirectories: true)
    }
    try Self.run("gzip", ["-k", "-6", "-n"] + plain, in: folder)
    try Self.run("zstd", ["-q", "-k", "-3"] + plain, in: folder)
    try Self.run("brotli", ["-k", "-q", "5"] + plain, in: folder)
    try Self.run("zstd", ["-q", "-3", "-D", dictionaryPath, "--output-dir-flat", "dcz"] + plain, in: folder)
    try Self.run("zstd", ["-q", "-3", "--output-dir-flat", "chain"] + plain.map { $0 + ".gz" }, in: folder)
    let python = try Self.run(
      Judge.python3.path ?? "python3", ["-c", Self.pythonEncoder] + plain, in: folder)
    var digests: [String: String] = [:]
    for line in python.stdoutText.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.count == 2 { digests[String(fields[0])] = String(fields[1]) }
    }
    let codings = Self.codings(dictionary: Self.dictionary)
    bodies = try names.flatMap { kind, size, name in
      try codings.map { coding in
        let file = folder.appendingPathComponent(coding.file(name))
        return Body(
          kind: kind, size: size, coding: coding, encoded: coding.prefix + [UInt8](try Data(contentsOf: file)),
          sha256: digests[name] ?? "")
      }
    }
  }

  /// Python's zlib writes the `deflate` bodies (zlib and raw DEFLATE, level 6) and hashlib the
  /// decoded bodies' SHA-256, one line per file.
  static let pythonEncoder = """
    import hashlib, sys, zlib
    for name in sys.argv[1:]:
        data = open(name, "rb").read()
        open(name + ".zlib", "wb").write(zlib.compress(data, 6))
        raw = zlib.compressobj(6, zlib.DEFLATED, -15)
        open(name + ".raw", "wb").write(raw.compress(data) + raw.flush())
        print(name, hashlib.sha256(data).hexdigest())
    """

  @discardableResult
  static func run(_ tool: String, _ arguments: [String], in folder: URL) throws -> ProcessOutput {
    let output = try ProcessRunner.run(tool, arguments: arguments, currentDirectory: folder.path)
    guard output.succeeded else {
      throw ProcessRunnerError.io("\(tool) \(arguments.prefix(6).joined(separator: " ")) ...: \(output.stderrText)")
    }
    return output
  }
}

/// The 40 bytes RFC 9842 puts before a `dcz` body's zstd frame: a skippable-frame header and the
/// dictionary's SHA-256.
enum DczFrameHeader {
  static func bytes(for dictionary: [UInt8]) -> [UInt8] {
    [0x5E, 0x2A, 0x4D, 0x18, 0x20, 0, 0, 0] + SHA256.hash(dictionary).bytes
  }
}
