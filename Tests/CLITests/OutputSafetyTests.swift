import Foundation
import TestSupport
import Testing

/// `compress` and `decompress` outputs (issue #16): devices and FIFOs are written through, never
/// replaced; symbolic links are followed (loops and dangling links refused); existing files keep
/// their permissions; write errors exit 73 with one line instead of crashing.
@Suite("outputs are written safely")
struct OutputSafetyTests {
  static let input = Array("output safety ".utf8).repeated(2000)

  func deflateBench(_ arguments: [String], stdin: [UInt8] = OutputSafetyTests.input) throws -> ProcessOutput {
    try ProcessRunner.run(try DeflateBenchExecutable.url.path, arguments: arguments, stdin: stdin)
  }

  func fileType(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & S_IFMT
  }

  @Test("a character device is written through, not replaced (as root a new node, else /dev/null via a link)")
  func characterDevice() throws {
    let scratch = try ScratchDirectory("out-device")
    var device = scratch.path("null")
    if getuid() == 0 {
      // makedev(1, 3), the numbers of /dev/null (Linux encoding for small numbers).
      #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
    } else {
      device = "/dev/null"
    }
    let result = try deflateBench(["compress", "--backend", "zlib", "-o", device])
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(fileType(device) == S_IFCHR)
    let full = try deflateBench(["compress", "--backend", "zlib", "-o", "/dev/full"])
    #expect(full.status == 73)
    #expect(
      full.stderrText
        == "deflate-bench compress: error: cannot write to '/dev/full': No space left on device\n")
    #expect(fileType("/dev/full") == S_IFCHR)
  }

  @Test(
    "a FIFO given to -o feeds its reader and stays a FIFO",
    .enabled(if: Judge.gzip.isAvailable, Comment(rawValue: Judge.gzip.missing)))
  func fifoOutput() throws {
    let scratch = try ScratchDirectory("out-fifo")
    let script = """
      set -e
      mkfifo fifo
      cat fifo > received &
      "$0" compress --backend zlib --container gzip -o fifo
      wait
      gzip -dc received
      """
    let result = try ProcessRunner.run(
      "sh", arguments: ["-c", script, try DeflateBenchExecutable.url.path], stdin: Self.input,
      currentDirectory: scratch.url.path, timeoutSeconds: 60)
    #expect(result.status == 0, "\(result.stderrText)")
    #expect(result.stdout == Self.input)
    #expect(fileType(scratch.path("fifo")) == S_IFIFO)
  }

  @Test("an existing 0600 file keeps its mode; a symbolic link is followed and stays a link")
  func permissionsAndLinks() throws {
    let scratch = try ScratchDirectory("out-mode")
    let file = scratch.path("secret.gz")
    try scratch.write("secret.gz", Array("old".utf8))
    try #require(chmod(file, 0o600) == 0)
    try #require(symlink("secret.gz", scratch.path("link.gz")) == 0)
    for target in [file, scratch.path("link.gz")] {
      let result = try deflateBench(["compress", "--backend", "zlib", "-o", target])
      #expect(result.status == 0, "\(result.stderrText)")
      var info = stat()
      #expect(stat(file, &info) == 0 && info.st_mode & 0o7777 == 0o600)
    }
    #expect(fileType(scratch.path("link.gz")) == S_IFLNK)
    let back = try deflateBench(["decompress", "--backend", "zlib", "-i", scratch.path("link.gz")], stdin: [])
    #expect(back.stdout == Self.input)
  }

  @Test("a symbolic link loop and a dangling link are refused with 73; a loop as --input is named a loop")
  func loopsAndDanglingLinks() throws {
    let scratch = try ScratchDirectory("out-loop")
    try #require(symlink("loop", scratch.path("loop")) == 0)
    try #require(symlink("missing", scratch.path("dangling")) == 0)
    let loop = try deflateBench(["compress", "--backend", "zlib", "-o", scratch.path("loop")])
    #expect(loop.status == 73)
    #expect(loop.stderrText.contains("it is a symbolic link loop"))
    let dangling = try deflateBench(["compress", "--backend", "zlib", "-o", scratch.path("dangling")])
    #expect(dangling.status == 73)
    #expect(dangling.stderrText.contains("symbolic link to a missing file"))
    #expect(fileType(scratch.path("dangling")) == S_IFLNK)
    let input = try deflateBench(["compress", "--backend", "zlib", "-i", scratch.path("loop")])
    #expect(input.status == 66)
    #expect(input.stderrText.contains("is a symbolic link loop"))
  }

  @Test("a closed or full standard output exits 73 with one line, for byte and text commands")
  func standardOutputErrors() throws {
    let executable = try DeflateBenchExecutable.url.path
    for (arguments, redirect) in [
      ("compress --backend zlib", ">&-"), ("compress --backend zlib", "> /dev/full"), ("backends", "> /dev/full"),
    ] {
      let result = try ProcessRunner.run(
        "sh", arguments: ["-c", "exec \"$0\" \(arguments) \(redirect)", executable], stdin: Self.input)
      #expect(result.status == 73, "\(arguments) \(redirect): \(result.stderrText)")
      #expect(result.stderrText.split(separator: "\n").count == 1)
      #expect(result.stderrText.contains("cannot write to standard output"))
    }
  }

  @Test(
    "decompress reads multi-member gzip and concatenated zstd frames as gzip -d and zstd -d do",
    .enabled(if: Judge.areAvailable(.gzip, .zstd), Comment(rawValue: Judge.missing(.gzip, .zstd))))
  func concatenatedStreams() throws {
    for (tool, backend, decode) in [("gzip", "zlib", ["-dc"]), ("zstd", "zstd", ["-dc", "-q"])] {
      let first = try ProcessRunner.run(tool, arguments: ["-c"], stdin: Array("first part\n".utf8))
      let second = try ProcessRunner.run(tool, arguments: ["-c"], stdin: Self.input)
      let joined = first.stdout + second.stdout
      let judge = try ProcessRunner.run(tool, arguments: decode, stdin: joined)
      let ours = try deflateBench(["decompress", "--backend", backend], stdin: joined)
      #expect(ours.status == 0, "\(tool): \(ours.stderrText)")
      #expect(ours.stdout == judge.stdout && judge.stdout == Array("first part\n".utf8) + Self.input)
    }
  }

  @Test("-o /dev/stdout writes through to a standard output that is a pipe")
  func devStdoutIntoAPipe() throws {
    // /dev/stdout then leads to `pipe:[N]`, which realpath cannot name: it is written by path.
    let scratch = try ScratchDirectory("out-dev-stdout")
    let input = try scratch.write("in.txt", Self.input)
    let tool = try DeflateBenchExecutable.url.path
    let result = try ProcessRunner.run(
      "/bin/bash",
      arguments: ["-c", "set -o pipefail; '\(tool)' compress --backend zlib -o /dev/stdout < '\(input.path)' | cat"])
    #expect(result.status == 0, "\(result.stderrText)")
    let restored = try deflateBench(["decompress", "--backend", "zlib"], stdin: result.stdout)
    let roundTrips = restored.stdout == Self.input
    #expect(roundTrips, "\(result.stdout.count) bytes written decode to \(restored.stdout.count)")
  }

  @Test("decompress stops at --max-output with 65 and leaves no file")
  func maxOutput() throws {
    let scratch = try ScratchDirectory("out-max")
    let compressed = try deflateBench(["compress", "--backend", "zlib"])
    for backend in ["zlib", "libdeflate"] {
      let result = try deflateBench(
        ["decompress", "--backend", backend, "--max-output", "1K", "-o", scratch.path("out")], stdin: compressed.stdout)
      #expect(result.status == 65, "\(backend)")
      #expect(result.stderrText.contains("exceeds --max-output of 1024 bytes"))
      #expect(!FileManager.default.fileExists(atPath: scratch.path("out")))
    }
  }
}
