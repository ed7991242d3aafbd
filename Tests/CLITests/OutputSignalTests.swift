import Foundation
import TestSupport
import Testing

/// `compress -o FILE` and `decompress -o FILE` stopped by a signal while their input pipe is
/// still open: the temporary file beside FILE is removed, FILE is left as it was (or absent),
/// and the exit status is 130.
@Suite("compress/decompress -o: signals leave no temporary file", .serialized)
struct OutputSignalTests {
  /// The hidden temporary files beside `name` in `folder` (`.name.tmp-PID-RANDOM`).
  static func temporaries(of name: String, in folder: ScratchDirectory) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("out"))) ?? []
    return entries.filter { $0.hasPrefix(".\(name).tmp-") }
  }

  /// Starts the command writing `out/FILE`, waits until its temporary file exists (the command is
  /// then reading its input), sends `signal`, and checks what is left.
  func interrupt(_ arguments: [String], file: String, existing: [UInt8]?, signal: Int32) throws {
    let scratch = try ScratchDirectory("output-signal-\(signal)")
    try scratch.makeFolder("out")
    if let existing { try scratch.write("out/\(file)", existing) }
    let command = try BackgroundDeflateBench(arguments + ["-o", "out/\(file)"], in: scratch, feedsStandardInput: true)
    // The pipe's write end stays open and empty: the command waits in its read. (Nothing is
    // written to it, so a command that died early cannot raise SIGPIPE in the test.)
    let reading = poll(seconds: 30) { !Self.temporaries(of: file, in: scratch).isEmpty || !command.process.isRunning }
    guard reading, command.process.isRunning else {
      _ = command.waitForExit(seconds: 1)
      Issue.record("no temporary file appeared beside \(file) while the input was open: \(command.stderrText)")
      return
    }
    kill(command.process.processIdentifier, signal)
    #expect(command.waitForExit(seconds: 30), "still running 30 s after signal \(signal)")
    #expect(command.process.terminationReason == .exit, "ended by the signal itself, not by exit 130")
    #expect(command.process.terminationStatus == 130)
    #expect(
      Self.temporaries(of: file, in: scratch).isEmpty,
      "temporary files left: \(Self.temporaries(of: file, in: scratch))")
    let left = FileManager.default.contents(atPath: scratch.path("out/\(file)")).map { [UInt8]($0) }
    #expect(left == existing, "FILE changed")
    #expect(command.stderrText.contains("interrupted; 'out/\(file)' was left as it was"), "\(command.stderrText)")
  }

  @Test(
    "compress -o FILE reading an open pipe: SIGINT, SIGTERM or SIGHUP exits 130 and leaves no FILE",
    arguments: [SIGINT, SIGTERM, SIGHUP])
  func compressInterrupted(signal: Int32) throws {
    try interrupt(["compress", "--backend", "zlib"], file: "body.gz", existing: nil, signal: signal)
  }

  @Test("decompress -o FILE over an existing file: SIGTERM exits 130 and leaves the old file as it was")
  func decompressInterrupted() throws {
    try interrupt(
      ["decompress", "--backend", "zstd"], file: "body.json", existing: Array("the old contents\n".utf8),
      signal: SIGTERM)
  }
}
