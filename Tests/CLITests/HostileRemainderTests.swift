import DeflateBenchMeasurement
import DeflateBenchReports
import DeflateBenchUpload
import Foundation
import TestSupport
import Testing

/// Issue #25, low items left after the first round (L6, L8, L13 and `--upload-port`), each
/// through the built executable. L8's and L13's results-file cases live with their kind
/// (`CompareMalformedTests`, `HostileOutputTests`, `ResultsMessageTests`).
@Suite("hostile input: the remaining low items", .serialized)
struct HostileRemainderTests {
  static let corpus = "json-events:mixpanel:count=12,events=1"
  /// Raw bytes are a dictionary too (every dictionary-capable library accepts raw content).
  static let rawDictionary = Array(
    String(repeating: #"{"event":"Signed Up","properties":{"distinct_id":"user-1","plan":"pro"}}"#, count: 40).utf8)

  @Test(
    "L6: run --container raw --dictionary D --upload local measures raw dictionary cells, uploads the rest, exits 0")
  func rawDictionaryCellsAreNotUploaded() throws {
    let scratch = try ScratchDirectory("l6")
    _ = try scratch.write("raw.dict", Self.rawDictionary)
    let result = try deflateBench(
      [
        "run", "--allow-debug", "--quick", "--corpus", Self.corpus, "--backends", "zlib", "--levels", "1",
        "--container", "raw", "--dictionary", "raw.dict", "--upload", "local", "--out", "out",
      ], in: scratch.url, timeoutSeconds: 300)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stderrText.contains("raw dictionary cells are measured but not uploaded"), "\(result.stderrText)")
    let document = try #require(try scratch.jsonObject("out/results.json"))
    let cells = try #require(document["cells"] as? [[String: Any]])
    let withDictionary = cells.filter { $0["dictionary"] != nil }
    let without = cells.filter { $0["dictionary"] == nil }
    #expect(!withDictionary.isEmpty && !without.isEmpty)
    for cell in withDictionary {
      #expect(cell["error"] == nil && cell["upload"] == nil && cell["container"] as? String == "raw", "\(cell)")
    }
    for cell in without { #expect(cell["error"] == nil && cell["upload"] != nil, "\(cell)") }
  }

  @Test(
    "L8: --device with an absurd factor is a usage error naming the range",
    arguments: ["x=1e300", "x=1e-9", "tablet=5000"])
  func absurdDeviceFactors(device: String) throws {
    let result = try deflateBench(["run", "--allow-debug", "--quick", "--corpus", Self.corpus, "--device", device])
    #expect(result.status == 64, "\(result.stderrText)")
    #expect(result.stderrText.contains("--device \(device)") && result.stderrText.contains("between 0.01"))
  }

  @Test("L13: decompress says which containers a backend reads, not 'cannot write'")
  func decompressContainerMessage() throws {
    let result = try deflateBench(["decompress", "--backend", "zstd", "--container", "gzip"])
    #expect(result.status == 64)
    #expect(result.stderrText.contains("zstd cannot read the gzip container; it reads zstd"), "\(result.stderrText)")
    let compress = try deflateBench(["compress", "--backend", "zstd", "--container", "gzip"])
    #expect(compress.stderrText.contains("zstd cannot write the gzip container; it writes zstd"))
  }

  /// Issue #25's L13 read a FIFO to its end; issue #39's N6 found that one without a writer hangs
  /// the command, so a results file must now be a regular file
  /// (`HostileInputRoundTwoTests.resultsFileThatIsAFIFO`). Fed by a writer, it is refused too,
  /// named for what it is, never as a permission problem.
  @Test("L13: a FIFO given to compare as a results file is refused as one, not as a permission problem")
  func resultsFileFromAFIFO() throws {
    let scratch = try ScratchDirectory("l13-fifo")
    let good = scratch.url.appendingPathComponent("good")
    try ResultsWriter.write(makeFixtureDocument(uploadLink: nil), to: good)
    let script = """
      mkfifo pipe.json && { cat good/results.json > pipe.json & } && \
      "$0" compare good pipe.json; status=$?; exec 3<> pipe.json; wait; exit $status
      """
    let result = try ProcessRunner.run(
      "bash", arguments: ["-c", script, try DeflateBenchExecutable.url.path], currentDirectory: scratch.url.path,
      timeoutSeconds: 60)
    #expect(result.status == 66, "\(result.stderrText)")
    #expect(result.stderrText.contains("it is a FIFO (named pipe), not a regular file; save it to a file first"))
    #expect(!result.stderrText.contains("permission"), "\(result.stderrText)")
  }

  @Test("--upload-port pins the local server's port: a port in use fails the run (1) naming it, a bad one is 64")
  func uploadPort() throws {
    let scratch = try ScratchDirectory("upload-port")
    let base = [
      "run", "--allow-debug", "--quick", "--corpus", Self.corpus, "--backends", "zlib", "--levels", "1", "--upload",
    ]
    let port = try #require(LoopbackTCP.closedPort())
    let pinned = try deflateBench(
      base + ["local", "--upload-port", String(port), "--out", "free"], in: scratch.url, timeoutSeconds: 300)
    #expect(pinned.status == 0, "\(pinned.stderrText)")
    // Held by another server, the port cannot be taken: the run stops before measuring.
    let holder = try LocalServer(executable: try DeflateBenchExecutable.url, port: port)
    defer { holder.stop() }
    let taken = try deflateBench(
      base + ["local", "--upload-port", String(port), "--out", "taken"], in: scratch.url, timeoutSeconds: 300)
    #expect(taken.status == 1, "\(taken.stderrText)")
    #expect(taken.stderrText.contains("port \(port)") && taken.stderrText.contains("in use"), "\(taken.stderrText)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("taken/results.json")))
    for (arguments, expected) in [
      (base + ["local", "--upload-port", "70000"], "from 1 to 65535"),
      (base + ["http://127.0.0.1:9/u", "--upload-port", "8080"], "with --upload local"),
      (["run", "--allow-debug", "--corpus", Self.corpus, "--upload-port", "8080"], "with --upload local"),
    ] {
      let result = try deflateBench(arguments, in: scratch.url)
      #expect(result.status == 64, "\(arguments): \(result.stderrText)")
      #expect(result.stderrText.contains(expected), "\(result.stderrText)")
    }
  }
}

/// Issue #25, L11: `decompress --dictionary` streams, so a small bomb never holds its output.
@Suite("decompress --dictionary streams", .serialized)
struct DictionaryDecompressStreamingTests {
  static let decodedBytes = 200_000_000

  /// `head -c` zeros compressed by our own compress with the raw dictionary: a few KB.
  static func bomb(_ scratch: ScratchDirectory, backend: String, container: String) throws -> String {
    _ = try scratch.write("raw.dict", HostileRemainderTests.rawDictionary)
    let name = "bomb.\(container)"
    let made = try ProcessRunner.run(
      "bash",
      arguments: [
        "-c",
        "head -c \(decodedBytes) /dev/zero | \"$0\" compress --backend \(backend) --container \(container) "
          + "--dictionary raw.dict -o \(name)",
        try DeflateBenchExecutable.url.path,
      ], currentDirectory: scratch.url.path, timeoutSeconds: 300)
    try #require(made.succeeded, "\(made.stderrText)")
    return name
  }

  /// Runs decompress under GNU time; the peak resident size in bytes is its last stderr line.
  static func decompress(_ arguments: [String], in scratch: ScratchDirectory) throws -> (ProcessOutput, Int) {
    let result = try ProcessRunner.run(
      "/usr/bin/time", arguments: ["-f", "%M", try DeflateBenchExecutable.url.path, "decompress"] + arguments,
      currentDirectory: scratch.url.path, timeoutSeconds: 300)
    let last = result.stderrText.split(separator: "\n").last.map(String.init) ?? ""
    return (result, (Int(last) ?? Int.max) * 1024)
  }

  @Test(
    "a 200 MB dictionary bomb decodes within a bounded memory, and past --max-output stops with 65",
    .enabled(if: Judge.gnuTime.isAvailable, Comment(rawValue: Judge.gnuTime.missing)),
    arguments: [("zstd", "dcz"), ("zstd", "zstd"), ("zlib", "zlib"), ("zlib", "raw")])
  func bombsStream(backend: String, container: String) throws {
    let scratch = try ScratchDirectory("l11")
    let bomb = try Self.bomb(scratch, backend: backend, container: container)
    let common = ["--backend", backend, "--container", container, "--dictionary", "raw.dict", "-i", bomb]
    // Counted, not written: the whole output goes through a pipe to wc.
    let counted = try ProcessRunner.run(
      "bash",
      arguments: ["-c", "\"$0\" decompress \(common.joined(separator: " ")) | wc -c", DeflateBenchExecutable.url.path],
      currentDirectory: scratch.url.path, timeoutSeconds: 300)
    #expect(
      counted.succeeded && counted.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "\(Self.decodedBytes)",
      "\(counted.stderrText)")
    // Whole-buffer decoding held the 200 MB output; streaming holds a 128 KiB buffer.
    let (whole, peak) = try Self.decompress(common + ["-o", "/dev/null"], in: scratch)
    #expect(whole.status == 0, "\(whole.stderrText)")
    #expect(peak < 100 << 20, "\(container): peak resident size \(peak >> 20) MiB while decoding 200 MB")
    let (limited, limitedPeak) = try Self.decompress(common + ["-o", "/dev/null", "--max-output", "50M"], in: scratch)
    #expect(limited.status == 65, "\(limited.stderrText)")
    #expect(limited.stderrText.contains("exceeds --max-output"), "\(limited.stderrText)")
    #expect(limitedPeak < 100 << 20)
  }

  @Test("a dcz body decoded with another dictionary is 65 naming both, as the whole-buffer decoder said")
  func wrongDictionaryIsNamed() throws {
    let scratch = try ScratchDirectory("l11-wrong")
    let bomb = try Self.bomb(scratch, backend: "zstd", container: "dcz")
    _ = try scratch.write("other.dict", Array("another dictionary entirely".utf8))
    let result = try deflateBench(
      ["decompress", "--backend", "zstd", "--dictionary", "other.dict", "-i", bomb], in: scratch.url)
    #expect(result.status == 65, "\(result.stderrText)")
    #expect(result.stderrText.contains("the body names dictionary"), "\(result.stderrText)")
    #expect(result.stderrText.contains("not other.dict"), "\(result.stderrText)")
  }
}

/// Issue #25, L14: stacked dictionary coding reads the same in `serve` and `decompress`, which
/// now decode a dcz body with the same streaming decoder: two dcz bodies back to back (the second
/// header is a zstd skippable frame) decode as one stream in both; a frame written with another
/// dictionary fails in both.
@Suite("dcz + dcz in serve and decompress", .enabled(if: Judge.curl.isAvailable, Comment(rawValue: Judge.curl.missing)))
struct StackedDictionaryCodingTests {
  static func compress(_ text: String, dictionary: String, in scratch: ScratchDirectory) throws -> [UInt8] {
    let result = try deflateBench(
      ["compress", "--backend", "zstd", "--dictionary", dictionary], stdin: Array(text.utf8), in: scratch.url)
    try #require(result.status == 0, "\(result.stderrText)")
    return result.stdout
  }

  @Test("two dcz bodies back to back: both decode them whole; with another dictionary's frame both refuse")
  func concatenatedBodies() throws {
    let scratch = try ScratchDirectory("l14")
    _ = try scratch.write("raw.dict", HostileRemainderTests.rawDictionary)
    _ = try scratch.write("other.dict", Array(String(repeating: "a different dictionary, ", count: 40).utf8))
    let first = "{\"event\":\"Signed Up\",\"n\":1}"
    let second = "{\"event\":\"Signed Up\",\"n\":2}"
    let same =
      try Self.compress(first, dictionary: "raw.dict", in: scratch)
      + (try Self.compress(second, dictionary: "raw.dict", in: scratch))
    // The second body names raw.dict in its header, but its frame was written with other.dict
    // and refers to it (a body without matches in the dictionary would decode with any).
    var mixed = try Self.compress(first, dictionary: "raw.dict", in: scratch)
    let foreign = try Self.compress(
      String(repeating: "a different dictionary, ", count: 4), dictionary: "other.dict", in: scratch)
    mixed += Array(try Self.compress(second, dictionary: "raw.dict", in: scratch).prefix(40)) + foreign.dropFirst(40)
    _ = try scratch.write("same.dcz", same)
    _ = try scratch.write("mixed.dcz", mixed)

    let server = try LocalServer(
      executable: try DeflateBenchExecutable.url, arguments: ["--dictionary", scratch.path("raw.dict")])
    defer { server.stop() }
    func post(_ file: String) throws -> (status: Int, decoded: Int?) {
      let output = try ProcessRunner.run(
        "curl",
        arguments: [
          "-s", "-o", "-", "-w", "\n%{http_code}", "--data-binary", "@" + scratch.path(file), "-H",
          "Content-Encoding: dcz", server.baseURL.appendingPathComponent("u").absoluteString,
        ])
      let lines = output.stdoutText.split(separator: "\n")
      let json = (try? JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8))) as? [String: Any]
      return (Int(lines.last ?? "") ?? 0, json?["decoded_bytes"] as? Int)
    }
    let served = try post("same.dcz")
    #expect(served.status == 200 && served.decoded == first.utf8.count + second.utf8.count, "\(served)")
    let decoded = try deflateBench(
      ["decompress", "--backend", "zstd", "--dictionary", "raw.dict", "-i", "same.dcz"], in: scratch.url)
    #expect(decoded.status == 0 && decoded.stdoutText == first + second, "\(decoded.stderrText)")

    #expect(try post("mixed.dcz").status == 400)
    let refused = try deflateBench(
      ["decompress", "--backend", "zstd", "--dictionary", "raw.dict", "-i", "mixed.dcz", "-o", "out.json"],
      in: scratch.url)
    #expect(refused.status == 65, "\(refused.stderrText)")
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out.json")))
  }
}
