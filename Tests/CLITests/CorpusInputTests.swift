import Foundation
import TestSupport
import Testing

/// Files and names (issue #16): every file of a folder corpus is measured whatever its name's
/// bytes, FIFOs and devices are read like files, a configuration says each key once, and a
/// symbolic link loop is called a loop.
@Suite("corpus inputs: odd names, FIFOs, duplicate keys, link loops")
struct CorpusInputTests {
  @Test("a file name that is not valid UTF-8 is measured and shown escaped")
  func nonUTF8Name() throws {
    let scratch = try ScratchDirectory("corpus-names")
    _ = try scratch.makeFolder("docs")
    _ = try scratch.write("docs/plain.json", Array("{\"a\":1}".utf8))
    // "café.json" in Latin-1: byte 0xE9 on its own is not UTF-8.
    let name = Array("caf".utf8) + [0xE9] + Array(".json".utf8)
    let path = Array((scratch.path("docs") + "/").utf8) + name
    let created = (path + [0]).withUnsafeBufferPointer { raw in
      raw.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
    }
    try #require(created >= 0)
    _ = write(created, "{\"bb\":22}", 9)
    close(created)
    let result = try deflateBench(["corpora", "--corpus", "docs", "--json"], in: scratch.url)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stdoutText.contains("\"payloads\":2") || result.stdoutText.contains("\"payloads\": 2"))
    #expect(result.stdoutText.contains("\"bytes\":16") || result.stdoutText.contains("\"bytes\": 16"))
    #expect(result.stdoutText.contains("caf\\\\xE9.json"), "\(result.stdoutText)")
  }

  @Test("a pipe and a FIFO are read as a file corpus and as --input")
  func fifoInputs() throws {
    let scratch = try ScratchDirectory("corpus-fifo")
    let executable = try DeflateBenchExecutable.url.path
    let script = """
      set -e
      printf '{"x":1}' | "$0" corpora --corpus /dev/stdin
      mkfifo fifo
      printf '{"y":22}' > fifo &
      "$0" corpora --corpus fifo
      printf 'through a fifo' > fifo &
      "$0" compress --backend zlib --container gzip -i fifo | gzip -dc
      """
    let result = try ProcessRunner.run(
      "sh", arguments: ["-c", script, executable], currentDirectory: scratch.url.path, timeoutSeconds: 60)
    #expect(result.status == 0, "\(result.stderrText)")
    let lines = result.stdoutText.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("stdin ") && $0.contains(" file ") && $0.contains(" 7 ") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("fifo ") && $0.contains(" 8 ") }, "\(lines)")
    #expect(result.stdoutText.hasSuffix("through a fifo"))
  }

  @Test("a key given twice in a configuration is an error naming the key and its line")
  func duplicateKey() throws {
    let scratch = try ScratchDirectory("corpus-duplicate")
    _ = try scratch.write(
      "dup.json",
      text: """
        {
          "corpora": [
            {"name": "a", "kind": "json-events", "profile": "mixpanel",
             "count": 1, "co\\u0075nt": 2}
          ]
        }
        """)
    let result = try deflateBench(["corpora", "--config", "dup.json"], in: scratch.url)
    #expect(result.status == 64)
    #expect(
      result.stderrText.hasSuffix(
        "dup.json:4:18: invalid JSON: duplicate key \"count\": an object may name each key once\n"),
      "\(result.stderrText)")
  }

  @Test("a symbolic link loop as a corpus or a configuration is reported as a loop")
  func linkLoop() throws {
    let scratch = try ScratchDirectory("corpus-loop")
    try #require(symlink("loop", scratch.path("loop")) == 0)
    for arguments in [["--corpus", "loop"], ["--config", "loop"]] {
      let result = try deflateBench(["corpora"] + arguments, in: scratch.url)
      #expect(result.status == 66, "\(arguments)")
      #expect(result.stderrText.contains("(it is a symbolic link loop)"), "\(result.stderrText)")
    }
  }
}
