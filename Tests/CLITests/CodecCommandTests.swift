import DeflateBenchCodecs
import Foundation
import TestSupport
import Testing

/// The `backends`, `compress` and `decompress` commands, run as the built executable.
@Suite("Codec commands")
struct CodecCommandTests {
  @Test func backendsJSONListsEveryBackendWithFullLevelLists() throws {
    let result = try deflateBench(["backends", "--json"])
    #expect(result.status == 0)
    let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
    let byName = Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0) })
    #expect(Set(byName.keys) == Set(BackendRegistry.names))
    #expect(byName["zlib"]?["levels"] as? [Int] == Array(0...9))
    #expect(byName["libdeflate"]?["levels"] as? [Int] == Array(0...12))
    #expect(byName["isal"]?["levels"] as? [Int] == Array(0...3))
    #expect(byName["brotli"]?["levels"] as? [Int] == Array(0...11))
    let zstdLevels = try #require(byName["zstd"]?["levels"] as? [Int])
    #expect(zstdLevels.contains(-1) && zstdLevels.contains(1) && zstdLevels.contains(22) && !zstdLevels.contains(0))
    for entry in list {
      #expect((entry["version"] as? String).map { !$0.isEmpty } == true)
      #expect(entry["default_level"] is Int)
      #expect((entry["containers"] as? [String])?.isEmpty == false)
    }
  }

  @Test func backendsTableHasAHeaderAndARowPerBackend() throws {
    let result = try deflateBench(["backends"])
    #expect(result.status == 0)
    let lines = result.stdoutText.split(separator: "\n")
    #expect(lines.first?.hasPrefix("backend") == true)
    #expect(lines.count == 2 + BackendRegistry.names.count)
  }

  @Test(arguments: [
    ("zlib", "gzip"), ("zlib-ng", "raw"), ("libdeflate", "zlib"), ("isal", "raw"), ("zopfli", "gzip"), ("zstd", "zstd"),
    ("brotli", "br"),
  ])
  func compressThenDecompressRestoresTheInput(backend: String, container: String) throws {
    let input = Array("{\"event\":\"Signed Up\",\"properties\":{\"plan\":\"pro\"}}\n".utf8)
    let compressed = try deflateBench(
      ["compress", "--backend", backend, "--container", container], stdin: input.repeated(40))
    #expect(compressed.status == 0, "\(compressed.stderrText)")
    let restored = try deflateBench(
      ["decompress", "--backend", backend, "--container", container], stdin: compressed.stdout)
    #expect(restored.status == 0, "\(restored.stderrText)")
    #expect(restored.stdout == input.repeated(40))
  }

  @Test(.enabled(if: Judge.gzip.isAvailable, Comment(rawValue: Judge.gzip.missing)))
  func compressedOutputIsReadByTheSystemGzip() throws {
    let input = Array("upload body ".utf8).repeated(500)
    let compressed = try deflateBench(["compress", "--backend", "libdeflate", "--level", "12"], stdin: input)
    let decoded = try ProcessRunner.run("gzip", arguments: ["-dc"], stdin: compressed.stdout)
    #expect(decoded.status == 0)
    #expect(decoded.stdout == input)
  }

  @Test func inputAndOutputFilesWork() throws {
    let scratch = try ScratchDirectory("codec-cli")
    let input = Array("file contents\n".utf8).repeated(100)
    try scratch.write("in.txt", input)
    let result = try deflateBench([
      "compress", "--backend", "zlib", "--level", "9", "--input", scratch.path("in.txt"), "--output",
      scratch.path("out.gz"),
    ])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    let back = try deflateBench(["decompress", "--backend", "zlib", "-i", scratch.path("out.gz")])
    #expect(back.stdout == input)
  }

  @Test("- names standard input and output, as --help says")
  func dashIsStandardInputAndOutput() throws {
    let input = Array("dash\n".utf8).repeated(50)
    let packed = try deflateBench(["compress", "--backend", "zlib", "-i", "-", "-o", "-"], stdin: input)
    #expect(packed.status == 0, "\(packed.stderrText)")
    let back = try deflateBench(
      ["decompress", "--backend", "zlib", "--input", "-", "--output", "-"], stdin: packed.stdout)
    #expect(back.status == 0 && back.stdout == input)
    let help = try deflateBench(["compress", "--help"]).stdoutText
    #expect(help.contains("- is standard input") && help.contains("- is standard output"))
  }

  @Test func emptyInputMakesAValidGzipMemberOfNothing() throws {
    let compressed = try deflateBench(["compress", "--backend", "zlib"])
    #expect(compressed.status == 0)
    #expect(compressed.stdout.prefix(2) == [0x1f, 0x8b])
    let restored = try deflateBench(["decompress", "--backend", "isal"], stdin: compressed.stdout)
    #expect(restored.status == 0)
    #expect(restored.stdout.isEmpty)
  }

  @Test func unknownBackendListsTheKnownOnes() throws {
    // Not a library's name: the LZ4 trial backend (docs/backends.md) made "lz4" a known one.
    let result = try deflateBench(["compress", "--backend", "no-such-codec"])
    #expect(result.status == 64)
    #expect(result.stderrText.contains("unknown backend 'no-such-codec'"))
    #expect(result.stderrText.contains(BackendRegistry.names.joined(separator: ", ")))
  }

  @Test func levelOutsideTheRangeSaysTheRange() throws {
    let result = try deflateBench(["compress", "--backend", "isal", "--level", "7"])
    #expect(result.status == 64)
    #expect(result.stderrText.contains("isal has no level 7; its levels are 0-3"))
  }

  @Test func containerTheBackendCannotWriteIsRefused() throws {
    let result = try deflateBench(["compress", "--backend", "zstd", "--container", "gzip"])
    #expect(result.status == 64)
    #expect(result.stderrText.contains("zstd cannot write the gzip container"))
  }

  @Test func unreadableInputFileExits66AndNamesIt() throws {
    let result = try deflateBench(["compress", "--backend", "zlib", "--input", "/nonexistent/body.json"])
    #expect(result.status == 66)
    #expect(result.stderrText.contains("/nonexistent/body.json"))
  }

  @Test func corruptInputExits65WithNoOutput() throws {
    let scratch = try ScratchDirectory("codec-cli-corrupt")
    let garbage: [UInt8] = [0x1f, 0x8b, 0x08, 0x00] + Array(repeating: 0x55, count: 60)
    let result = try deflateBench(
      ["decompress", "--backend", "zlib", "--output", scratch.path("out.bin")], stdin: garbage)
    #expect(result.status == 65)
    #expect(result.stderrText.contains("not a valid gzip stream"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out.bin")))
  }

  @Test func truncatedStreamIsCorruptNotPartialSuccess() throws {
    let input = Array("truncate me ".utf8).repeated(1000)
    let compressed = try deflateBench(["compress", "--backend", "zlib"], stdin: input)
    let result = try deflateBench(
      ["decompress", "--backend", "libdeflate"], stdin: Array(compressed.stdout.dropLast(5)))
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
  }

  @Test func everyCommandHasHelp() throws {
    let overview = try deflateBench(["--help"])
    #expect(overview.status == 0)
    // Command rows start with two spaces and the name; wrapped help lines are indented further.
    let names = overview.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0 != "COMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
      .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(names.count >= 9, "\(names)")
    for name in names {
      let help = try deflateBench([name, "--help"])
      #expect(help.status == 0, "\(name) --help failed")
      #expect(help.stdoutText.hasPrefix("OVERVIEW: "), "\(name) --help")
      #expect(help.stdoutText.contains("EXIT CODES:"), "\(name) --help")
    }
  }

  @Test func unknownCommandSuggestsOne() throws {
    let result = try deflateBench(["compres"])
    #expect(result.status == 64)
    #expect(result.stderrText.contains("did you mean 'compress'?"))
  }

  @Test func versionIsPrinted() throws {
    let result = try deflateBench(["--version"])
    #expect(result.status == 0)
    #expect(result.stdoutText.hasPrefix("deflate-bench "))
  }
}

extension Array where Element == UInt8 {
  func repeated(_ times: Int) -> [UInt8] { Array((0..<times).map { _ in self }.joined()) }
}
