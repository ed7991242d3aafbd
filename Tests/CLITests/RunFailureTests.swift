import DeflateBenchCodecs
import DeflateBenchSupport
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DeflateBenchCLI

/// A backend whose output does not round-trip must fail the run with status 1, and only after
/// the reports (which name the cell) are written. Run in-process, because the built executable
/// only knows real backends.
@Suite("run: a cell that does not round-trip")
struct RunFailureTests {
  @Test("a corrupting backend fails the run with exit 1 after the reports are written")
  func corruptingBackendFailsTheRun() throws {
    let scratch = try ScratchDirectory("run-corrupt")
    let parsed = try ArgumentParser.parse(
      [
        "--quick", "--quiet", "--corpus", "json-events:mixpanel:count=20,events=10", "--levels", "6", "--out",
        scratch.path("out"),
      ], for: RunCommand.spec)
    var options = try RunOptions(parsed)
    options.measurement.backends = [ZlibBackend(), CorruptingBackend()]
    let captured = CapturedConsole()
    var session = RunSession(options: options, console: captured.console)
    // The corrupted stream is judged by libdeflate, as zlib's own output would be.
    session.resolveVerifier = { Verifier.decodingBackend(for: $0.name == "corrupting" ? ZlibBackend() : $0) }

    do {
      let status = try session.execute()
      Issue.record("the run should have failed; it ended with \(status)")
    } catch {
      #expect(error.code == .failure)
      #expect(error.message.contains("1 cell failed"))
    }
    let csv = try String(contentsOf: scratch.url.appendingPathComponent("out/results.csv"), encoding: .utf8)
    let rows = csv.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let header = rows[0].map(String.init)
    let backend = try #require(header.firstIndex(of: "backend"))
    let verified = try #require(header.firstIndex(of: "verified"))
    let byBackend = Dictionary(
      uniqueKeysWithValues: rows.dropFirst().map { (String($0[backend]), String($0[verified])) })
    #expect(byBackend == ["zlib": "true", "corrupting": "false"])
    let report = try String(contentsOf: scratch.url.appendingPathComponent("out/report.md"), encoding: .utf8)
    #expect(report.contains("corrupting"))
    #expect(report.contains("verification failed"))
  }
}

/// zlib with one bit of every output flipped after the header: valid-looking gzip that decodes
/// to the wrong bytes or not at all.
struct CorruptingBackend: CompressionBackend {
  private let zlib = ZlibBackend()
  var name: String { "corrupting" }
  var version: String { zlib.version }
  var levels: [Int] { zlib.levels }
  var defaultLevel: Int { zlib.defaultLevel }
  var containers: [Container] { zlib.containers }
  var maxInputBytes: Int? { nil }
  var verifier: VerifierChoice { .backend("libdeflate") }
  var compressorLibrarySymbols: [String] { zlib.compressorLibrarySymbols }

  func makeCompressorUnchecked(level: Int, container: Container) throws(CodecError) -> any Compressor {
    CorruptingCompressor(wrapped: try zlib.makeCompressor(level: level, container: container))
  }

  func makeDecompressorUnchecked(container: Container) throws(CodecError) -> any Decompressor {
    try zlib.makeDecompressor(container: container)
  }
}

final class CorruptingCompressor: Compressor {
  let wrapped: any Compressor
  init(wrapped: any Compressor) { self.wrapped = wrapped }

  func compressBound(_ inputCount: Int) -> Int { wrapped.compressBound(inputCount) }
  var peakMemoryBytes: Int? { wrapped.peakMemoryBytes }

  func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(CodecError)
    -> Int
  {
    let count = try wrapped.compress(input, into: output)
    if count > 12 { output[12] ^= 0x10 }
    return count
  }
}

/// A console whose output tests can read.
final class CapturedConsole: Sendable {
  private let outBytes = Mutex(Data())
  private let errorBytes = Mutex(Data())

  var console: Console {
    Console(
      errorIsTerminal: false, out: { data in self.outBytes.withLock { $0.append(data) } },
      error: { data in self.errorBytes.withLock { $0.append(data) } })
  }

  var out: String { outBytes.withLock { String(decoding: $0, as: UTF8.self) } }
  var error: String { errorBytes.withLock { String(decoding: $0, as: UTF8.self) } }
}
